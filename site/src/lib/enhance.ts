// Small page enhancements: a copy button on every code block, "try it" links on shell examples,
// and a table of contents built from a chapter's headings.

/** Add a Copy button to each <pre> under root (once). Shell blocks also get a playground link. */
export function enhanceCode(root: ParentNode, playground?: string): void {
  for (const pre of root.querySelectorAll<HTMLPreElement>('pre')) {
    if (pre.closest('.code-wrap') || pre.closest('.no-copy')) continue;
    const wrap = document.createElement('div');
    wrap.className = 'code-wrap';
    pre.replaceWith(wrap);
    wrap.append(pre);
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'copy';
    btn.textContent = 'Copy';
    btn.setAttribute('aria-label', 'Copy this code');
    btn.addEventListener('click', async () => {
      const text = pre.innerText.replace(/\n$/, '');
      try {
        await navigator.clipboard.writeText(text);
        btn.textContent = 'Copied';
      } catch {
        const range = document.createRange();
        range.selectNodeContents(pre);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
        btn.textContent = 'Selected';
      }
      setTimeout(() => (btn.textContent = 'Copy'), 1600);
    });
    wrap.append(btn);
    const lang = pre.dataset.language ?? '';
    if (playground && (lang === 'bash' || lang === 'sh' || lang === 'shell')) {
      const cmd = pre.innerText.trim();
      if (cmd && !cmd.includes('\n') && cmd.length <= 400) {
        const a = document.createElement('a');
        a.className = 'try small';
        a.href = `${playground}#cmd=${encodeURIComponent(cmd)}`;
        a.textContent = 'Try it in the playground →';
        wrap.after(a);
      }
    }
  }
}

/** Fill `nav` with links to the h2 headings in `body` (ids added where missing); hide it if < 2. */
export function buildToc(body: HTMLElement, nav: HTMLElement): void {
  const heads = [...body.querySelectorAll<HTMLHeadingElement>('h2')];
  if (heads.length < 2) {
    nav.hidden = true;
    return;
  }
  const used = new Set<string>();
  const items = heads.map((h, i) => {
    if (!h.id) {
      let id = (h.textContent ?? `section-${i}`).toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `section-${i}`;
      while (used.has(id) || document.getElementById(id)) id += '-x';
      h.id = id;
    }
    used.add(h.id);
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#${h.id}`;
    a.textContent = h.textContent ?? '';
    li.append(a);
    return li;
  });
  const ol = document.createElement('ol');
  ol.append(...items);
  const title = document.createElement('p');
  title.textContent = 'On this page';
  nav.replaceChildren(title, ol);
  nav.hidden = false;
}
