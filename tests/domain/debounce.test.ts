import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, SEARCH_DEBOUNCE_MS } from '../../domain/debounce.ts';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the search debounce is 300 ms', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });

  it('runs once, 300 ms after the last call, with the last arguments', () => {
    const search = vi.fn();
    const debounced = debounce(search, SEARCH_DEBOUNCE_MS);
    debounced('a');
    vi.advanceTimersByTime(200);
    debounced('ac');
    vi.advanceTimersByTime(200);
    debounced('acm');
    vi.advanceTimersByTime(299);
    expect(search).not.toHaveBeenCalled();
    expect(debounced.pending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('acm');
    expect(debounced.pending()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('cancel drops the pending call', () => {
    const search = vi.fn();
    const debounced = debounce(search, SEARCH_DEBOUNCE_MS);
    debounced('acme');
    debounced.cancel();
    expect(debounced.pending()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(search).not.toHaveBeenCalled();
  });

  it('flush runs the pending call at once, and only once', () => {
    const search = vi.fn();
    const debounced = debounce(search, SEARCH_DEBOUNCE_MS);
    debounced.flush();
    expect(search).not.toHaveBeenCalled();
    debounced('acme');
    debounced.flush();
    expect(search).toHaveBeenCalledWith('acme');
    vi.advanceTimersByTime(1000);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('can be called again after it ran', () => {
    const search = vi.fn();
    const debounced = debounce(search, SEARCH_DEBOUNCE_MS);
    debounced('one');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    debounced('two');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(search.mock.calls).toEqual([['one'], ['two']]);
  });
});
