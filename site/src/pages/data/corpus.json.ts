// The corpus with per-mode decisions, as a static JSON file for the playground and the browser.
import type { APIRoute } from 'astro';
import corpus from '@data/corpus.json';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(corpus), { headers: { 'content-type': 'application/json' } });
