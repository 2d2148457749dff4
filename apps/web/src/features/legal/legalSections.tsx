/**
 * The legal pages' sections from the `legal` catalogue. A page describes each section's shape (its
 * paragraphs and lists, by key) and the texts come from `<page>.sections.<key>`: a paragraph is
 * `<key>.<paragraph>`, a list's items `<key>.items.<item>`. The texts may hold <strong>…</strong> and
 * <contact/> (the contact address as a mail link).
 */
import { Trans, useTranslation } from 'react-i18next';
import { ContactLink, type LegalSection } from '../landing';

/** A paragraph (its key), or a list (its items' keys). */
export type LegalBlock = string | { list: readonly string[] };

export interface LegalSectionShape {
  /** The section's anchor (the page's URL fragment). */
  id: string;
  /** Where its texts are: `<page>.sections.<key>`. */
  key: string;
  blocks: readonly LegalBlock[];
}

/** The sections of `page` in the reader's language; `values` fills the texts' {{placeholders}}. */
export function useLegalSections(
  page: 'privacy' | 'terms',
  shapes: readonly LegalSectionShape[],
  values: Record<string, string>,
): LegalSection[] {
  const { t } = useTranslation('legal');
  const text = (key: string) => (
    <Trans t={t} i18nKey={key} values={values} components={{ strong: <strong />, contact: <ContactLink /> }} />
  );
  return shapes.map((shape) => {
    const base = `${page}.sections.${shape.key}`;
    return {
      id: shape.id,
      heading: t(`${base}.heading`),
      body: (
        <>
          {shape.blocks.map((block) =>
            typeof block === 'string' ? (
              <p key={block}>{text(`${base}.${block}`)}</p>
            ) : (
              <ul key={block.list.join()}>
                {block.list.map((item) => (
                  <li key={item}>{text(`${base}.items.${item}`)}</li>
                ))}
              </ul>
            ),
          )}
        </>
      ),
    };
  });
}
