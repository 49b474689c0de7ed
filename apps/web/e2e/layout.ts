/**
 * Everything on the page that scrolls sideways or clips a control, one line each for a failure
 * message (docs/product/screens.md#quality-bar: every screen fits a 360 px phone). Runs in the page
 * (`page.evaluate(findLayoutProblems)`), so it uses nothing from outside its body:
 * - the document, and any element whose overflow is not `visible`, must not be wider inside than
 *   its box (scrollWidth > clientWidth), except text inputs (they scroll their own value), text
 *   cut on purpose with an ellipsis, and visually hidden (sr-only) content;
 * - no visible control (link, button, input, select...) may reach past the viewport's sides, nor
 *   past the box of an ancestor that clips it (sideways: overflow other than visible; downwards:
 *   hidden or clip, as a region that scrolls down is reached by scrolling it).
 */
export function findLayoutProblems(): string[] {
  const problems: string[] = [];
  const viewport = document.documentElement.clientWidth;
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const testId = el.getAttribute('data-testid');
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}> "${text}"`;
  };
  /** The visually hidden pattern (sr-only): clipped to nothing on purpose. */
  const visuallyHidden = (el: Element, style: CSSStyleDeclaration) => {
    if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
    const box = el.getBoundingClientRect();
    return box.width <= 1 && box.height <= 1 && style.overflow !== 'visible';
  };
  const hiddenRoots = new Set<Element>();
  const insideHidden = (el: Element) => {
    for (let a: Element | null = el; a; a = a.parentElement) if (hiddenRoots.has(a)) return true;
    return false;
  };

  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth} px)`);
  }

  const formControls = new Set(['INPUT', 'SELECT', 'TEXTAREA']);
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (visuallyHidden(el, style)) {
      hiddenRoots.add(el);
      continue;
    }
    // A text input scrolls its own value; that is not the page's layout.
    if (formControls.has(el.tagName) || style.display === 'none' || insideHidden(el)) continue;
    if (style.overflowX === 'visible' || el.scrollWidth <= el.clientWidth) continue;
    // Text cut on purpose with an ellipsis is not a region that scrolls.
    if (style.textOverflow === 'ellipsis' && style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
    problems.push(
      `${describe(el)} ${style.overflowX === 'auto' || style.overflowX === 'scroll' ? 'scrolls sideways' : 'cuts its content'} (${el.scrollWidth} > ${el.clientWidth} px)`,
    );
  }

  const controls = document.body.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])',
  );
  for (const el of controls) {
    if (insideHidden(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.left < -0.5 || box.right > viewport + 0.5) {
      problems.push(`${describe(el)} is outside the viewport (${Math.round(box.left)}..${Math.round(box.right)} px)`);
      continue;
    }
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      const clipsX = style.overflowX !== 'visible';
      // Content past the bottom of a region that scrolls vertically is reached by scrolling it.
      const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (!clipsX && !clipsY) continue;
      const outer = a.getBoundingClientRect();
      const left = outer.left + a.clientLeft;
      const top = outer.top + a.clientTop;
      const right = left + a.clientWidth;
      const bottom = top + a.clientHeight;
      const outX = clipsX && (box.left < left - 0.5 || box.right > right + 0.5);
      const outY = clipsY && (box.top < top - 0.5 || box.bottom > bottom + 0.5);
      if (outX || outY) {
        problems.push(`${describe(el)} is clipped by ${describe(a)}`);
        break;
      }
    }
  }
  return problems;
}
