import ReportScenarios
import XCTest

// An XCTest run linked with PerceptionTestSupport, as a user's test binary is (without
// --export-dynamic): its one case makes a report, which must fail it.
// `PerceptionTestSupportTests` runs it in a child process: Linux's XCTest has no
// XCTExpectFailure.
XCTMain([testCase([("testUntrackedRead", UntrackedReadCase.testUntrackedRead)])])
