import { useEffect, useRef, useState } from 'react';

interface Answer<T> {
  key: string;
  value: T;
  error: string | undefined;
  /** False while the value is an early one that the request's final answer may still replace. */
  settled: boolean;
}

/**
 * Runs `load` whenever `key` changes; only the newest request may answer — the result of a request that a
 * later one superseded is dropped (and counted in `ignored`). A failure gives `empty` and the error text, so a
 * screen never shows figures of another period beside an error. `key` undefined = nothing to load yet.
 * `load` may show an early value through `early` before its final answer: `settling` is true meanwhile.
 */
export function useLatestAnswer<T>(key: string | undefined, load: (early: (value: T) => void) => Promise<T>, empty: T, errorText: (error: unknown) => string) {
  const [answer, setAnswer] = useState<Answer<T> | undefined>();
  const [ignored, setIgnored] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  const errorRef = useRef(errorText);
  useEffect(() => {
    loadRef.current = load;
    errorRef.current = errorText;
  });

  useEffect(() => {
    if (key === undefined) return;
    const request = ++latest.current;
    let settled = false;
    const early = (value: T) => {
      if (request === latest.current && !settled) setAnswer({ key, value, error: undefined, settled: false });
    };
    loadRef.current(early).then(
      (value) => {
        settled = true;
        if (request === latest.current) setAnswer({ key, value, error: undefined, settled: true });
        else setIgnored((n) => n + 1);
      },
      (error: unknown) => {
        settled = true;
        if (request === latest.current) setAnswer({ key, value: empty, error: errorRef.current(error), settled: true });
        else setIgnored((n) => n + 1);
      },
    );
    // `empty` is a constant of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const current = key !== undefined && answer?.key === key ? answer : undefined;
  return { loading: current === undefined, settling: current?.settled === false, value: current?.value ?? empty, error: current?.error, ignored };
}
