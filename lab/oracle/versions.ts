// Version and help flags that only print: the whole argv after the program, per program. Each
// entry was checked against the program's manual: the flag prints and exits, with no other
// argument it neither runs code nor contacts a server (`kubectl version` asks the cluster, so only
// `--client` is here; `npm version patch` writes, so only the bare word).

const COMMON = ['--version', '--help'];

const EXTRA: Record<string, string[]> = {
  node: ['-v', '-h'],
  npm: ['-v', 'version'],
  npx: ['-v'],
  yarn: ['-v'],
  pnpm: ['-v'],
  bun: ['-v'],
  deno: ['-V'],
  python: ['-V', '-h'],
  python3: ['-V', '-h'],
  pip: ['-V'],
  pip3: ['-V'],
  poetry: ['-V'],
  uv: ['-V'],
  ruff: ['-V'],
  ruby: ['-v'],
  perl: ['-v'],
  lua: ['-v'], // alone, -v prints the version and does not read a script from stdin (lua.c)
  php: ['-v'],
  go: ['version'],
  cargo: ['-V', 'version'],
  rustc: ['-V'],
  rustup: ['-V'],
  gcc: [],
  'g++': [],
  cc: [],
  clang: [],
  make: ['-v'],
  cmake: [],
  tsc: ['-v'],
  java: ['-version'],
  mvn: ['-v', '-h'], // not -V: it prints the version and goes on to build
  javac: ['-version'],
  docker: ['-v'],
  gh: [],
  aws: [],
  jq: ['-V'],
  rg: ['-V'],
  fd: ['-V'],
  tar: [],
  gzip: ['-V'],
  xz: ['-V'],
  zip: [],
  unzip: [],
  curl: ['-V'],
  wget: ['-V'],
  ssh: ['-V'],
  openssl: ['version'],
  psql: ['-V'],
  sqlite3: ['-version'],
  'redis-cli': ['-v'],
  swift: [],
  zig: ['version'],
  julia: ['-v'],
  ghc: [],
  ansible: [],
  helm: ['version', 'version --short'],
  kubectl: ['version --client'],
  sed: [],
  grep: ['-V'],
  find: [],
  ls: [],
  awk: [],
  gawk: [],
  xxd: ['-v'],
  lsblk: ['-V'],
  zsh: [], // --version and --help print and exit before any startup file is read
  wipefs: ['-V'],
  dd: [],
  ar: ['-V'],
};

/** Does this argv only print the program's version or help? */
export function onlyPrintsVersion(name: string, argv: string[]): boolean {
  const extra = EXTRA[name];
  if (extra === undefined) return false;
  const joined = argv.join(' ');
  return argv.length > 0 && (COMMON.includes(joined) || extra.includes(joined));
}
