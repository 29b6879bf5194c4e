"""The failures of a run: `Failures`."""


class Failures(list):
    """The failed checks, each named with the page run it belongs to."""

    run = "setup"

    def start(self, run):
        self.run = run
        print(run)

    def check(self, ok, what):
        print(("  ok    " if ok else "  FAIL  ") + what)
        if not ok:
            self.append(f"[{self.run}] {what}")

    def summary(self, screenshots):
        """Prints where the screenshots are and the failed checks; the exit status."""
        print(f"screenshots: {screenshots}")
        if self:
            print(f"{len(self)} check(s) failed:")
            for f in self:
                print(f"  - {f}")
            return 1
        print("all checks passed")
        return 0
