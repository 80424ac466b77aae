import Testing

@testable import PerceptionCore

/// A site that two tests both read from, each expecting its own failure.
let sharedSiteLine: UInt = #line + 2
func readAtSharedSite(_ dial: Dial) -> Int {
  withPerceptionChecking { dial.read() }
}

// This test binary links PerceptionTestSupport (the target depends on it, and imports nothing
// of it): a report is an issue of the running Swift Testing test, with no handler installed.
@Suite(
  "Reports fail the running test where PerceptionTestSupport is linked",
  .enabled(if: isDebugBuild, "checking is compiled out of release builds"))
struct RunningTestTests {
  @Test func anUntrackedReadIsOneIssueNamingThePropertyAndTheLine() {
    let dial = Dial()
    var line: UInt = 0
    let issues = recordedIssues {
      withPerceptionChecking {
        line = #line + 1
        _ = dial.read()
      }
    }
    #expect(issues.count == 1)
    let issue = issues.first
    #expect(issue?.sourceLocation?.fileID == #fileID)
    #expect(issue?.sourceLocation?.line == Int(line))
    let message = issue.map(text(of:)) ?? ""
    #expect(message.hasPrefix("Perception: Dial.level was read at \(#fileID):\(line):"))
    #expect(message.contains("in a checked context, outside any tracking scope"))
  }

  @Test func aSiteReadTwiceInOneTestIsOneIssue() {
    let dial = Dial()
    let issues = recordedIssues {
      for _ in 0..<2 { _ = readAtSharedSite(dial) }
    }
    #expect(issues.count == 1)
  }

  // With the test above, a site that another test reported: each test fails on its own.
  @Test func aSiteAnotherTestReportedFailsThisTestToo() {
    let issues = recordedIssues { _ = readAtSharedSite(Dial()) }
    #expect(issues.count == 1)
    #expect(issues.first?.sourceLocation?.line == Int(sharedSiteLine))
  }

  @Test func aReadWithoutACallSiteIsAnIssueAtTheTest() {
    let dial = Dial()
    let issues = recordedIssues {
      withPerceptionChecking { _ = dial.untrackedLevel }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.sourceLocation == Test.current?.sourceLocation)
    #expect(issues.first.map(text(of:))?.hasPrefix("Perception: Dial.level was read in") == true)
  }

  // No issue may be recorded here: the handler takes the report.
  @Test func aReportHandlerStillTakesTheReports() {
    let dial = Dial()
    let reports = LockedList<PerceptionCheckingReport>()
    PerceptionChecking.withReportHandler {
      reports.append($0)
    } operation: {
      withPerceptionChecking { _ = dial.read() }
    }
    #expect(reports.all.map(\.property) == ["Dial.level"])
  }

  @Test func aTrackedReadIsNoIssue() {
    let dial = Dial()
    withPerceptionChecking {
      withPerceptionTracking {
        _ = dial.read()
      } onChange: {
      }
    }
  }
}
