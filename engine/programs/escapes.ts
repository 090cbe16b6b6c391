// Command languages with a way out to the shell, and the command lines that way runs:
//   gdb   `shell CMD` and `!CMD`, one command per line (-ex, -iex)
//   less  `!CMD` and `|mCMD` (a + command run at start-up)
//   make  recipes: `target: prereqs ; CMD` and tab-indented lines (--eval)
// The program stays opaque code; this only adds what its shell escapes run.

const LANGUAGES = new Set(['gdb', 'less', 'make']);

/** Does the language have a shell escape this module reads? */
export function hasShellEscapes(language: string | undefined): boolean {
  return language !== undefined && LANGUAGES.has(language);
}

/** The command lines a text in the language runs through the shell. */
export function shellEscapes(language: string, text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const line = language === 'make' ? raw : raw.trim();
    if (language === 'gdb') {
      const w = word(line);
      if (line.startsWith('!')) out.push(line.slice(1));
      // shell, or an abbreviation gdb accepts
      else if (w === 'shell' || w === 'she' || w === 'shel') out.push(line.slice(w.length));
    } else if (language === 'less') {
      let t = line.startsWith('+') ? line.slice(1) : line;
      if (t.startsWith(':')) t = t.slice(1);
      if (t.startsWith('!')) out.push(t.slice(1));
      else if (t.startsWith('|') && t.length > 2) out.push(t.slice(2));
    } else if (line.startsWith('\t')) out.push(recipe(line.slice(1)));
    else {
      // target: prerequisites ; recipe (not a variable assignment x := y)
      const colon = line.indexOf(':');
      const semi = line.indexOf(';', colon + 1);
      if (colon > 0 && line[colon + 1] !== '=' && semi > colon) out.push(recipe(line.slice(semi + 1)));
    }
  }
  return out.filter((l) => l.trim() !== '');
}

function word(line: string): string {
  let i = 0;
  while (i < line.length && line[i] !== ' ' && line[i] !== '\t') i++;
  return line.slice(0, i);
}

/** A recipe line as the shell gets it: `@`, `-`, `+` prefixes dropped, `$$` is `$`. */
function recipe(r: string): string {
  let s = r.trimStart();
  while (s.startsWith('@') || s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  return s.split('$$').join('$');
}
