import { isModelLabel, MODEL_META } from '@ems/contract';

/** A model label's name in the language (the contract's catalogue: zh and en for every label; English in sentence case); an unknown label as it is. */
export function modelLabelName(label: string, language: string): string {
  if (!isModelLabel(label)) return label;
  const meta = MODEL_META[label];
  return language === 'en-US' ? meta.en.charAt(0).toUpperCase() + meta.en.slice(1) : meta.zh;
}
