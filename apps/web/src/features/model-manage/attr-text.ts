import type { AttrInfo } from '@ems/contract';
import { unitText } from './form-fields';

export interface AttrTextOptions {
  yes: string;
  no: string;
  /** shown for a missing value */
  none: string;
  refName: (label: string, id: number) => string | undefined;
}

/** An attribute value as shown in the details: enum text, referenced node's name, yes/no, number with unit. */
export function attrText(attr: AttrInfo, value: unknown, o: AttrTextOptions): string {
  if (value === undefined || value === null || value === '') return o.none;
  switch (attr.type) {
    case 'enum':
      return attr.values?.find((v) => v.value === value)?.text ?? String(value);
    case 'boolean':
      return value ? o.yes : o.no;
    case 'ref':
      return (attr.refLabel && typeof value === 'number' ? o.refName(attr.refLabel, value) : undefined) ?? `#${String(value)}`;
    case 'number':
    case 'integer': {
      const unit = unitText(attr.unit);
      return unit ? `${String(value)} ${unit}` : String(value);
    }
    default:
      return String(value);
  }
}
