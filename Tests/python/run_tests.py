"""Runs one of the Python test suites (API, browser, scale-out) with unittest and prints a final
"N passed, M failed" line.

    python3 -u ../python/run_tests.py --name API test_api test_contract [-k PATTERN]

is run from the suite's folder (its run.sh does that), whose test modules are imported by name.
After the run it prints how long the suite took, each module's FIGURES lines and SCREENSHOTS folder
(if it has them), how many tests were skipped, and the final line; the exit status is non-zero when
a test failed or none ran.
"""
import argparse
import importlib
import os
import sys
import time
import unittest


class CountingResult(unittest.TextTestResult):
    """A text result that also counts passes."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.passed = 0

    def addSuccess(self, test):
        super().addSuccess(test)
        self.passed += 1


def main(argv):
    parser = argparse.ArgumentParser(description="Runs a Keepsake Python test suite.")
    parser.add_argument("--name", required=True, help="the suite's name in the summary, e.g. API")
    parser.add_argument("-k", dest="pattern", help="only the tests whose names contain PATTERN")
    parser.add_argument("modules", nargs="+", help="the test modules, imported from the current folder")
    arguments = parser.parse_args(argv)
    sys.path.insert(0, os.getcwd())
    modules = [importlib.import_module(name) for name in arguments.modules]
    loader = unittest.TestLoader()
    if arguments.pattern:
        loader.testNamePatterns = ["*%s*" % arguments.pattern]
    suite = unittest.TestSuite([loader.loadTestsFromModule(module) for module in modules])
    runner = unittest.TextTestRunner(verbosity=2, resultclass=CountingResult, stream=sys.stdout)
    started = time.monotonic()
    result = runner.run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    print("%s tests took %.1f s" % (arguments.name, time.monotonic() - started))
    for module in modules:
        for line in getattr(module, "FIGURES", []):
            print(line)
        if hasattr(module, "SCREENSHOTS"):
            print("screenshots in %s" % module.SCREENSHOTS)
    if result.skipped:
        print("%d skipped" % len(result.skipped))
    print("%d passed, %d failed" % (result.passed, failed))
    return 1 if failed or result.testsRun == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
