// Every internal link goes through here, so the site works under any base path.
const BASE = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;

/** `url('corpus/')` → `/base/corpus/`. */
export function url(path = ''): string {
  return BASE + path.replace(/^\/+/, '');
}
