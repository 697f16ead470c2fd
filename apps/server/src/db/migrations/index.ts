import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_commerce.js';
import * as m0003 from './0003_bids.js';
import * as m0004 from './0004_content.js';
import * as m0005 from './0005_writing.js';
import * as m0006 from './0006_enterprise.js';
import * as m0007 from './0007_file_error_code.js';
import * as m0008 from './0008_order_flags.js';
import * as m0010 from './0010_instances.js';
import * as m0011 from './0011_file_models.js';
import * as m0012 from './0012_qr_invitation.js';
import * as m0013 from './0013_bid_health.js';
import * as m0014 from './0014_pictures.js';
import * as m0015 from './0015_databank.js';
import * as m0016 from './0016_repository.js';
import * as m0018 from './0018_repository_rank.js';
import * as m0019 from './0019_dupcheck.js';
import * as m0020 from './0020_filetools.js';
import * as m0021 from './0021_bid_checks.js';
import * as m0022 from './0022_storage_ledger.js';
import * as m0023 from './0023_storage_backfill.js';
import * as m0024 from './0024_bid_exports.js';

/** Forward-only migrations, applied in order at start. Never edit one that has landed: add the next. */
export const MIGRATIONS: { id: string; up: string }[] = [
  { id: '0001_foundation', up: m0001.up },
  { id: '0002_commerce', up: m0002.up },
  { id: '0003_bids', up: m0003.up },
  { id: '0004_content', up: m0004.up },
  { id: '0005_writing', up: m0005.up },
  { id: '0006_enterprise', up: m0006.up },
  { id: '0007_file_error_code', up: m0007.up },
  { id: '0008_order_flags', up: m0008.up },
  { id: '0010_instances', up: m0010.up },
  { id: '0011_file_models', up: m0011.up },
  { id: '0012_qr_invitation', up: m0012.up },
  { id: '0013_bid_health', up: m0013.up },
  { id: '0014_pictures', up: m0014.up },
  { id: '0015_databank', up: m0015.up },
  { id: '0016_repository', up: m0016.up },
  { id: '0018_repository_rank', up: m0018.up },
  { id: '0019_dupcheck', up: m0019.up },
  { id: '0020_filetools', up: m0020.up },
  { id: '0021_bid_checks', up: m0021.up },
  { id: '0022_storage_ledger', up: m0022.up },
  { id: '0023_storage_backfill', up: m0023.up },
  { id: '0024_bid_exports', up: m0024.up },
];
