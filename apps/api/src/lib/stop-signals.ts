/** The signals that stop the process: SIGTERM (service managers, containers) and SIGINT (Ctrl-C). */
export const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** The exit code of a process ended by a signal, as shells report it (128 + signal number). */
export const SIGNAL_EXIT_CODES: Record<StopSignal, number> = { SIGTERM: 143, SIGINT: 130 };

/**
 * Calls `first` on the first stop signal and `again` on every later one (an operator pressing
 * Ctrl-C twice wants out now). Installed before anything else at start-up, so a signal during
 * migrations or the demo seed is handled too rather than killing the process mid-write.
 */
export function onStopSignals(handlers: {
  first(signal: StopSignal): void;
  again(signal: StopSignal): void;
}): void {
  let received = false;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (received) return handlers.again(signal);
      received = true;
      handlers.first(signal);
    });
  }
}
