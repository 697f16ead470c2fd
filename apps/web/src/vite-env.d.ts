/// <reference types="vite/client" />

/** The build id baked in by vite.config.ts (`'dev'` under the dev server). */
declare const __BUILD_ID__: string;
