// Adversarial input shapes at a given size in bytes (the shape repeated, then cut to size on a
// unit boundary so the command stays well formed where the shape allows).
export interface Shape {
  name: string;
  make(bytes: number): string;
}

function repeatTo(prefix: string, unit: string, suffix: string, bytes: number): string {
  const n = Math.max(1, Math.floor((bytes - prefix.length - suffix.length) / unit.length));
  return prefix + unit.repeat(n) + suffix;
}

export const SHAPES: Shape[] = [
  { name: 'and-chain', make: (b) => repeatTo('true', ' && echo ok', '', b) },
  {
    name: 'nested-subst',
    make: (b) => {
      const depth = Math.max(1, Math.floor((b - 6) / 10));
      return 'echo ' + '"$(echo '.repeat(depth) + 'x' + ')"'.repeat(depth);
    },
  },
  { name: 'deep-quoting', make: (b) => repeatTo('echo ', `"a'b"'c"d'\\"$'\\x41'`, '', b) },
  { name: 'many-heredocs', make: (b) => repeatTo('', 'cat <<EOF\nhello $USER\nEOF\n', '', b) },
  { name: 'huge-word', make: (b) => 'echo ' + 'a'.repeat(Math.max(1, b - 5)) },
];

export const SIZES = [1024, 8 * 1024, 64 * 1024, 512 * 1024, 1024 * 1024];
