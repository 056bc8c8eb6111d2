import { ENERGY_TYPE_VALUES, isModelLabel, MODEL_META } from '@ems/contract';

/** English catalogue names are lower case ('compressed air'): a label shows in sentence case. */
export function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A model label's name in the language (the contract's catalogue: zh and en for every label; English in sentence case); an unknown label as it is. */
export function modelLabelName(label: string, language: string): string {
  if (!isModelLabel(label)) return label;
  const meta = MODEL_META[label];
  return language === 'en-US' ? sentenceCase(meta.en) : meta.zh;
}

/** An energy type's name in the language (sentence case in English); an unknown code as its number. */
export function energyTypeName(code: number, english: boolean): string {
  const v = ENERGY_TYPE_VALUES.find((x) => x.value === code);
  return v ? (english ? sentenceCase(v.en) : v.zh) : String(code);
}

/** Select options of the energy types among `codes`, in the catalogue's order. */
export function energyTypeOptions(codes: ReadonlySet<number>, english: boolean): { value: number; label: string }[] {
  return ENERGY_TYPE_VALUES.filter((v) => codes.has(v.value)).map((v) => ({ value: v.value, label: english ? sentenceCase(v.en) : v.zh }));
}
