// Print a tree back to bash source. Words are printed as written (raw), structure is normalised:
// every list item is terminated (';' or '&'), and here-document bodies follow the line that
// introduced them. parse(print(ast)) gives the same tree up to spans.
import type { CommandNode, ListNode, PipelineNode, RedirNode } from './ast.ts';

class Printer {
  out = '';
  pending: RedirNode[] = [];

  list(l: ListNode): void {
    for (const it of l.items) {
      const a = it.andor;
      a.pipelines.forEach((p, i) => {
        if (i > 0) this.out += ` ${a.ops[i - 1]} `;
        this.pipeline(p);
      });
      this.out += it.background ? ' &' : ';';
      if (this.pending.length) this.flush();
      this.out += ' ';
    }
  }

  private flush(): void {
    const hs = this.pending;
    this.pending = [];
    this.out += '\n';
    for (const r of hs) {
      const h = r.heredoc!;
      this.out += h.raw;
      if (h.raw.length && !h.raw.endsWith('\n')) this.out += '\n';
      this.out += h.delim + '\n';
    }
  }

  private pipeline(p: PipelineNode): void {
    if (p.time) this.out += p.timeP ? 'time -p ' : 'time ';
    if (p.negated) this.out += '! ';
    p.commands.forEach((c, i) => {
      if (i > 0) this.out += ` ${p.ops[i - 1]} `;
      this.command(c);
    });
  }

  private redirects(rs: RedirNode[]): void {
    for (const r of rs) {
      this.out += ' ';
      if (r.fdVar !== null) this.out += `{${r.fdVar}}`;
      else if (r.fd !== null) this.out += String(r.fd);
      this.out += r.op + (r.target.raw.startsWith('(') ? ' ' : '') + r.target.raw;
      if (r.heredoc) this.pending.push(r);
    }
  }

  private body(l: ListNode): void {
    this.out += ' ';
    this.list(l);
  }

  command(c: CommandNode): void {
    switch (c.type) {
      case 'Simple': {
        const bits = [...c.assigns.map((a) => a.raw), ...c.words.map((w) => w.raw)];
        this.out += bits.join(' ');
        if (!bits.length && c.redirects.length) {
          // redirections only: print without the leading space
          const save = this.out.length;
          this.redirects(c.redirects);
          this.out = this.out.slice(0, save) + this.out.slice(save + 1);
          return;
        }
        break;
      }
      case 'Subshell': this.out += '('; this.body(c.body); this.out += ')'; break;
      case 'Group': this.out += '{'; this.body(c.body); this.out += '}'; break;
      case 'If':
        c.clauses.forEach((cl, i) => {
          this.out += i === 0 ? 'if' : 'elif';
          this.body(cl.cond);
          this.out += 'then';
          this.body(cl.body);
        });
        if (c.elseBody) {
          this.out += 'else';
          this.body(c.elseBody);
        }
        this.out += 'fi';
        break;
      case 'While':
        this.out += c.until ? 'until' : 'while';
        this.body(c.cond);
        this.out += 'do';
        this.body(c.body);
        this.out += 'done';
        break;
      case 'For':
        this.out += `${c.select ? 'select' : 'for'} ${c.name.raw}`;
        if (c.words) this.out += ' in' + c.words.map((w) => ' ' + w.raw).join('');
        this.out += '; do';
        this.body(c.body);
        this.out += 'done';
        break;
      case 'ArithFor':
        this.out += `for ((${c.raw})); do`;
        this.body(c.body);
        this.out += 'done';
        break;
      case 'Case':
        this.out += `case ${c.word.raw} in`;
        for (const it of c.items) {
          this.out += ' ' + it.patterns.map((p) => p.raw).join(' | ') + ')';
          this.body(it.body);
          this.out += it.term;
        }
        this.out += ' esac';
        break;
      case 'Function':
        this.out += `function ${c.name} () `;
        this.command(c.body);
        break;
      case 'Cond':
        this.out += '[[ ' + c.items.map((it) => (it.type === 'Word' ? it.raw : it.op)).join(' ') + ' ]]';
        break;
      case 'Arith':
        this.out += `((${c.raw}))`;
        break;
    }
    this.redirects(c.redirects);
  }
}

/** Bash source for a tree (see the module comment). */
export function print(ast: ListNode): string {
  const p = new Printer();
  p.list(ast);
  if (p.pending.length) p.out += '\n';
  return p.out.trimEnd();
}
