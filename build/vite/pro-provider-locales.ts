// @ant-design/pro-provider (under @refinedev/antd's PageHeader) bundles the texts of 33 languages;
// all but English and Indonesian (and Chinese, its fallback) are pointed at English: we speak two.
import type { Plugin } from "vite";

export const PRO_INTL = /[\\/]@ant-design[\\/]pro-provider[\\/]es[\\/]intl\.js$/;
/** The import of one language's texts (the kept ones excluded). */
export const PRO_LOCALE_IMPORT = /from "\.\/locale\/(?!en_US|id_ID|zh_CN)\w+"/g;

/** intl.js with every other language's texts taken from English. */
export const englishForOtherLocales = (code: string): string => code.replace(PRO_LOCALE_IMPORT, 'from "./locale/en_US"');

export function proProviderLocales(): Plugin {
  return {
    name: "pro-provider-locales",
    enforce: "pre",
    transform: {
      filter: { id: PRO_INTL },
      handler: (code) => ({ code: englishForOtherLocales(code), map: null }),
    },
  };
}
