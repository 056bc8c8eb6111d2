import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en-gb';
import type { DatePickerProps } from 'antd';
import zhCN from 'antd/es/date-picker/locale/zh_CN';
import enUS from 'antd/es/date-picker/locale/en_US';

type PickerLocale = NonNullable<DatePickerProps['locale']>;

/**
 * DatePicker locale for the i18n language, with weeks starting on Monday (spec section 4): zh-cn
 * starts on Monday already; English texts use the en-gb calendar (Monday, ISO weeks).
 */
export function pickerLocale(language: string | undefined): PickerLocale {
  if (language?.toLowerCase().startsWith('zh')) return zhCN;
  return { ...enUS, lang: { ...enUS.lang, locale: 'en_GB' } };
}
