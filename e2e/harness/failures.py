"""The one way the checks fail: `Failures`, the failed checks of a run. `check(ok, what)`
prints the check and records a failure, and the run goes on; `require(ok, what)` is for a
check that stops at its first failure: it raises `CheckFailed`, which the check's main
records with `Failures.stopped` (as any exception that ends a run early). `summary` prints
what failed and gives the exit status."""


class CheckFailed(Exception):
    """A failure after which the run does not go on."""


def require(ok, what):
    """Stops the run (raises `CheckFailed` saying `what`) unless `ok`."""
    if not ok:
        raise CheckFailed(what)


class Failures(list):
    """The failed checks, each named with the part of the run (`start`) it belongs to."""

    run = None

    def start(self, run):
        self.run = run
        print(run)

    def check(self, ok, what):
        """Prints `what` as passed or failed and records a failure; `ok`, as a bool."""
        print(("  ok    " if ok else "  FAIL  ") + what, flush=True)
        if not ok:
            self.append(f"[{self.run}] {what}" if self.run else what)
        return bool(ok)

    def stopped(self, error, how="the run stopped"):
        """Records what ended a run early: a `CheckFailed` says what failed, any other
        exception is named after `how`."""
        if isinstance(error, CheckFailed):
            self.check(False, str(error))
        else:
            self.check(False, f"{how}: {getattr(error, 'msg', None) or error!r}")

    def summary(self, name):
        """Prints the failed checks, or that all passed; the exit status."""
        if self:
            print(f"{name}: {len(self)} check(s) failed:")
            for f in self:
                print(f"  - {f}")
            return 1
        print(f"{name}: all checks passed")
        return 0
