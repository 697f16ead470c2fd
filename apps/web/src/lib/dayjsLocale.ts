import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/** DESIGN.md: dayjs in zh-cn wherever antd renders dates. */
dayjs.locale('zh-cn');
