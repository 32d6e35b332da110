import { useCallback, useEffect, useState } from 'react';
import { isAbort } from './api.ts';
import { RESTORED_EVENT } from './notify.ts';

export interface Loaded<T> {
  /** The data for the current key (a reload keeps showing the previous answer until the new one lands). */
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replace the data locally (optimistic updates, answers of writes). */
  set: (update: T | ((previous: T | undefined) => T)) => void;
}

interface State<T> {
  data: T | undefined;
  dataKey: string | null;
  error: unknown;
  settled: string | null;
}

/** Loads once per `key`, cancelling the previous request when the key changes or the screen closes. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<State<T>>({ data: undefined, dataKey: null, error: undefined, settled: null });
  const [round, setRound] = useState(0);
  const request = `${key}#${round}`;

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ data, dataKey: key, error: undefined, settled: request }),
      (error: unknown) => {
        if (!isAbort(error)) setState((s) => ({ ...s, error, settled: request }));
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure on each render; `request` says when it really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  // An Undo from a toast may have put back what this screen shows: read it again.
  useEffect(() => {
    window.addEventListener(RESTORED_EVENT, reload);
    return () => window.removeEventListener(RESTORED_EVENT, reload);
  }, [reload]);
  const set = useCallback(
    (update: T | ((previous: T | undefined) => T)) => {
      setState((s) => ({
        ...s,
        dataKey: key,
        data: typeof update === 'function' ? (update as (p: T | undefined) => T)(s.data) : update,
      }));
    },
    [key],
  );
  const loading = state.settled !== request;
  return {
    data: state.dataKey === key ? state.data : undefined,
    error: loading ? undefined : state.error,
    loading,
    reload,
    set,
  };
}
