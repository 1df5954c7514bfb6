"""Runs the scale-out tests with unittest and prints a final "N passed, M failed" line."""
import sys
import time
import unittest

import test_scale_out


class CountingResult(unittest.TextTestResult):
    """A text result that also counts passes."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.passed = 0

    def addSuccess(self, test):
        super().addSuccess(test)
        self.passed += 1


def main(argv):
    loader = unittest.TestLoader()
    if len(argv) >= 2 and argv[0] == "-k":
        loader.testNamePatterns = ["*%s*" % argv[1]]
    suite = unittest.TestSuite([loader.loadTestsFromModule(test_scale_out)])
    runner = unittest.TextTestRunner(verbosity=2, resultclass=CountingResult, stream=sys.stdout)
    started = time.monotonic()
    result = runner.run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    print("scale-out tests took %.1f s" % (time.monotonic() - started))
    print("%d passed, %d failed" % (result.passed, failed))
    return 1 if failed or result.testsRun == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
