import 'i18next';
import type app from './locales/en/app.json';
import type auth from './locales/en/auth.json';
import type binLabels from './locales/en/binLabels.json';
import type collectionRotation from './locales/en/collectionRotation.json';
import type batch from './locales/en/batch.json';
import type children from './locales/en/children.json';
import type collections from './locales/en/collections.json';
import type common from './locales/en/common.json';
import type contact from './locales/en/contact.json';
import type dataImport from './locales/en/dataImport.json';
import type history from './locales/en/history.json';
import type home from './locales/en/home.json';
import type household from './locales/en/household.json';
import type inventory from './locales/en/inventory.json';
import type join from './locales/en/join.json';
import type legal from './locales/en/legal.json';
import type ops from './locales/en/ops.json';
import type pricing from './locales/en/pricing.json';
import type publicPages from './locales/en/public.json';
import type rotation from './locales/en/rotation.json';
import type settings from './locales/en/settings.json';

// Typed keys (decision 042): `t('auth:login.title')` with a key that is not in the English
// messages fails `npm run typecheck`. A new namespace file is listed here too.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      app: typeof app;
      auth: typeof auth;
      binLabels: typeof binLabels;
      collectionRotation: typeof collectionRotation;
      batch: typeof batch;
      children: typeof children;
      collections: typeof collections;
      common: typeof common;
      contact: typeof contact;
      dataImport: typeof dataImport;
      history: typeof history;
      home: typeof home;
      household: typeof household;
      inventory: typeof inventory;
      join: typeof join;
      legal: typeof legal;
      ops: typeof ops;
      pricing: typeof pricing;
      public: typeof publicPages;
      rotation: typeof rotation;
      settings: typeof settings;
    };
  }
}
