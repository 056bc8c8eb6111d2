/** Project industries (stored as these codes; labels in the common namespace). */
export const INDUSTRIES = ['industrial', 'commercial', 'public', 'residential', 'other'] as const;

type Translate = (key: string, options?: { defaultValue?: string }) => string;

/** The translated label of an industry code; an unknown code shows as stored, none as '--'. */
export function industryLabel(t: Translate, industry: string | undefined): string {
  return industry ? t(`common:industries.${industry}`, { defaultValue: industry }) : '--';
}
