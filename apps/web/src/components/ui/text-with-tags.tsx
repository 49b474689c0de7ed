import { cloneElement, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

interface TextWithTagsProps {
  /** A translated text with flat `<name>…</name>` parts, e.g. 'I agree to <termsLink>terms</termsLink>'. */
  text: string;
  /** The element each part becomes; the part's text is its children. */
  tags: Record<string, ReactElement<{ children?: ReactNode }>>;
}

/**
 * react-i18next's <Trans components={…}> for flat tags, without its HTML parser: the sign-up screen
 * ships in the sign-in page's bundle (docs/decisions/0003-entry-bundle.md). A part whose tag has no
 * element keeps its text only, as Trans does.
 */
export function TextWithTags({ text, tags }: TextWithTagsProps) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const tag = tags[name];
    parts.push(tag ? cloneElement(tag, { key: `${name}-${match.index}` }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
