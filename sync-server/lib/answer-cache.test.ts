import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, matchesEtag } from './answer-cache.js';

const text = (n: number) => JSON.stringify('x'.repeat(n));

describe('AnswerCache', () => {
  it('builds once per version, and again when the version moves', async () => {
    const cache = new AnswerCache(1024 * 1024);
    let builds = 0;
    const build = async () => `{"n":${++builds}}`;
    const [a, b] = await Promise.all([cache.answer('home', 'v1', build), cache.answer('home', 'v1', build)]);
    expect(a).toBe(b); // the second request waited for the first build
    expect(a.plain.toString()).toBe('{"n":1}');
    expect((await cache.answer('home', 'v2', build)).plain.toString()).toBe('{"n":2}');
    expect(builds).toBe(2);
  });

  it('keeps its bytes under the bound by dropping the least recently used households', async () => {
    const cache = new AnswerCache(25_000);
    let builds = 0;
    const build = async () => (builds++, text(10_000));
    await cache.answer('a', 'v', build);
    await cache.answer('b', 'v', build);
    await cache.answer('a', 'v', build); // a is now the most recently used
    await cache.answer('c', 'v', build); // over the bound: b goes
    expect(cache.bytes).toBeLessThanOrEqual(25_000);
    expect(builds).toBe(3);
    await cache.answer('a', 'v', build);
    expect(builds).toBe(3);
    await cache.answer('b', 'v', build);
    expect(builds).toBe(4);
  });

  it('counts the compressed copies and compresses each encoding once', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const answer = await cache.answer('a', 'v', async () => text(5000));
    const before = cache.bytes;
    const br = await answer.encoded('br');
    expect(await answer.encoded('br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(text(5000));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.bytes).toBe(before + br.length);
  });

  it('does not keep a failed build', async () => {
    const cache = new AnswerCache(1024 * 1024);
    await expect(cache.answer('a', 'v', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect((await cache.answer('a', 'v', async () => '[]')).plain.toString()).toBe('[]');
  });
});

describe('matchesEtag', () => {
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
  ])('%s -> %s', (header, expected) => {
    expect(matchesEtag(header, '"abc"')).toBe(expected);
  });
});
