import Foundation
import PerceptionCore
import Testing

@Suite(
  "Perception checking", .enabled(if: isDebugBuild, "checking is compiled out of release builds"))
struct CheckingTests {
  @Test func aReadOutsideTrackingInACheckedContextIsReported() throws {
    let gauge = Gauge()
    let reports = checkingReports {
      withPerceptionChecking { _ = gauge.trackedLevel }
    }
    let report = try #require(reports.first)
    #expect(reports.count == 1)
    #expect(report.typeName == "Gauge")
    #expect(report.propertyName == "level")
    #expect(report.property == "Gauge.level")
    #expect(report.fileID == nil)
    #expect(report.description.contains("Gauge.level"))
    #expect(report.description.contains("withPerceptionTracking"))
  }

  @Test func aComputedPropertyIsReportedUnderItsType() throws {
    // `@Perceptible` makes every tracked property computed; on Linux its key path cannot
    // name it, so the report names the type and describes the key path.
    let model = PerceptionModel()
    let reports = checkingReports {
      withPerceptionChecking { _ = model.count }
    }
    let report = try #require(reports.first)
    #expect(reports.count == 1)
    #expect(report.typeName == "PerceptionModel")
    #expect(report.property.hasPrefix("PerceptionModel."))
  }

  @Test func theCallSiteIsReportedWhenTheReadPassesIt() throws {
    let gauge = Gauge()
    var line: UInt = 0
    let reports = checkingReports {
      withPerceptionChecking {
        line = #line + 1
        _ = gauge.read()
      }
    }
    let report = try #require(reports.first)
    #expect(report.fileID == #fileID)
    #expect(report.line == line)
    #expect(report.description.contains("\(#fileID):\(line)"))
  }

  @Test func readsOutsideACheckedContextAreNotReported() {
    let gauge = Gauge()
    let model = PerceptionModel()
    let reports = checkingReports {
      _ = gauge.trackedLevel
      _ = gauge.read()
      _ = model.count
      model.count += 1
    }
    #expect(reports.isEmpty)
  }

  @Test func threeReadsAtOneSiteReportWhatOneDoes() {
    let gauge = Gauge()
    let once = checkingReports {
      withPerceptionChecking { _ = gauge.read() }
    }
    let thrice = checkingReports {
      withPerceptionChecking {
        for _ in 0..<3 { _ = gauge.read() }
      }
    }
    #expect(once.count == 1)
    #expect(thrice.count == 1)
    #expect(thrice.map(\.property) == once.map(\.property))
  }

  @Test func eachSiteIsReportedOnce() {
    let gauge = Gauge()
    let reports = checkingReports {
      for _ in 0..<2 {
        withPerceptionChecking {
          _ = gauge.read()
          _ = gauge.read()
        }
      }
    }
    #expect(reports.count == 2)
    #expect(Set(reports.compactMap(\.line)).count == 2)
  }

  @Test func readsInsideEveryTrackingVariantAreNotReported() {
    let gauge = Gauge()
    let reports = checkingReports {
      withPerceptionChecking {
        withPerceptionTracking {
          _ = gauge.read()
        } onChange: {
        }
        withPerceptionTracking {
          _ = gauge.read()
        } willSet: { _ in
        }
        withPerceptionTracking {
          _ = gauge.read()
        } didSet: { _ in
        }
        withPerceptionTracking {
          _ = gauge.read()
        } willSet: { _ in
        } didSet: { _ in
        }
        withPerceptionTracking {
          withPerceptionTracking {
            _ = gauge.read()
          } onChange: {
          }
          _ = gauge.read()
        } onChange: {
        }
      }
    }
    #expect(reports.isEmpty)
  }

  @Test func trackingInsideACheckedContextStillTracks() {
    let gauge = Gauge()
    let log = EventLog()
    let reports = checkingReports {
      withPerceptionChecking {
        withPerceptionTracking {
          _ = gauge.trackedLevel
        } onChange: {
          log.append("onChange")
        }
      }
    }
    gauge.set(1)
    #expect(reports.isEmpty)
    #expect(log.all == ["onChange"])
  }

  @Test func aReadAfterATrackingScopeEndsIsReported() {
    let gauge = Gauge()
    let reports = checkingReports {
      withPerceptionChecking {
        withPerceptionTracking {
          _ = gauge.read()
        } onChange: {
        }
        _ = gauge.read()
      }
    }
    #expect(reports.count == 1)
  }

  @Test func aCheckedContextInsideTrackingIsTracked() {
    let gauge = Gauge()
    let reports = checkingReports {
      withPerceptionTracking {
        withPerceptionChecking { _ = gauge.read() }
      } onChange: {
      }
    }
    #expect(reports.isEmpty)
  }

  @Test func nestedContextsCheckUntilTheOutermostEnds() {
    let gauge = Gauge()
    var lines: [UInt] = []
    let reports = checkingReports {
      withPerceptionChecking {
        withPerceptionChecking {
          lines.append(#line + 1)
          _ = gauge.read()
        }
        lines.append(#line + 1)
        _ = gauge.read()
      }
      _ = gauge.read()
    }
    #expect(reports.compactMap(\.line) == lines)
  }

  @Test func theContextReturnsAndRethrows() {
    struct Failure: Error {}
    let gauge = Gauge()
    gauge.level = 7
    let value = withPerceptionChecking { gauge.level * 2 }
    #expect(value == 14)
    #expect(throws: Failure.self) {
      try withPerceptionChecking { throw Failure() }
    }
    // The slot is restored after a throw: a read afterwards is outside any context.
    let reports = checkingReports { _ = gauge.read() }
    #expect(reports.isEmpty)
  }

  @Test func skipPerceptionCheckingSilencesItsScope() {
    let gauge = Gauge()
    var line: UInt = 0
    let reports = checkingReports {
      withPerceptionChecking {
        _PerceptionLocals.$skipPerceptionChecking.withValue(true) {
          _ = gauge.read()
        }
        line = #line + 1
        _ = gauge.read()
      }
    }
    #expect(reports.compactMap(\.line) == [line])
  }

  @Test func isInPerceptionTrackingSetByAViewLayerSilencesItsScope() {
    let gauge = Gauge()
    let reports = checkingReports {
      withPerceptionChecking {
        _PerceptionLocals.$isInPerceptionTracking.withValue(true) {
          _ = gauge.read()
        }
      }
    }
    #expect(reports.isEmpty)
  }

  @Test func isInPerceptionTrackingIsTrueInsideTracking() {
    #expect(_PerceptionLocals.isInPerceptionTracking == false)
    var inside: [Bool] = []
    withPerceptionTracking {
      inside.append(_PerceptionLocals.isInPerceptionTracking)
      withPerceptionTracking {
        inside.append(_PerceptionLocals.isInPerceptionTracking)
      } onChange: {
      }
    } onChange: {
    }
    withPerceptionTracking {
      inside.append(_PerceptionLocals.isInPerceptionTracking)
    } willSet: { _ in
    }
    #expect(inside == [true, true, true])
    #expect(_PerceptionLocals.isInPerceptionTracking == false)
  }

  @Test func aRegistrarMadeWithoutCheckingIsNeverReported() {
    let unchecked = Gauge(isPerceptionCheckingEnabled: false)
    let checked = Gauge()
    #expect(unchecked.registrar._isPerceptionCheckingEnabled == false)
    #expect(checked.registrar._isPerceptionCheckingEnabled == true)
    #expect(PerceptionRegistrar()._isPerceptionCheckingEnabled == true)
    let reports = checkingReports {
      withPerceptionChecking {
        _ = unchecked.read()
        _ = unchecked.trackedLevel
        _ = checked.trackedLevel
      }
    }
    #expect(reports.count == 1)
  }

  @Test func anUncheckedRegistrarStillTracks() {
    let gauge = Gauge(isPerceptionCheckingEnabled: false)
    let log = EventLog()
    withPerceptionTracking {
      _ = gauge.trackedLevel
    } onChange: {
      log.append("onChange")
    }
    gauge.set(1)
    #expect(log.all == ["onChange"])
  }

  @Test func aContextOnOneThreadDoesNotAffectAnother() {
    let gauge = Gauge()
    let otherThreadReports = ReportLog()
    let inContext = DispatchSemaphore(value: 0)
    let otherDone = DispatchSemaphore(value: 0)
    let other = Thread {
      inContext.wait()
      PerceptionChecking.withReportHandler {
        otherThreadReports.append($0)
      } operation: {
        _ = gauge.read()
        _ = gauge.trackedLevel
      }
      otherDone.signal()
    }
    other.start()
    let reports = checkingReports {
      withPerceptionChecking {
        inContext.signal()
        // The other thread reads while this one is inside its context.
        otherDone.wait()
        _ = gauge.read()
      }
    }
    #expect(reports.count == 1)
    #expect(otherThreadReports.all.isEmpty)
  }

  @Test func contextsOnManyThreadsReportOnlyTheirOwnReads() {
    let gauges = (0..<4).map { _ in Gauge() }
    let counts = ReportLog()
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      let log = ReportLog()
      PerceptionChecking.withReportHandler {
        log.append($0)
      } operation: {
        for round in 0..<100 {
          if index.isMultiple(of: 2) {
            withPerceptionChecking { _ = gauges[index].read() }
          } else {
            _ = gauges[index].read()
            withPerceptionChecking {
              withPerceptionTracking {
                _ = gauges[index].read()
              } onChange: {
              }
            }
          }
          _ = round
        }
      }
      for report in log.all { counts.append(report) }
      #expect(log.all.count == (index.isMultiple(of: 2) ? 1 : 0))
    }
    #expect(counts.all.count == 2)
  }

  @Test func aHandlerCanTurnAReportIntoATestFailure() {
    let gauge = Gauge()
    withKnownIssue {
      PerceptionChecking.withReportHandler { report in
        Issue.record("\(report)")
      } operation: {
        withPerceptionChecking { _ = gauge.read() }
      }
    } matching: { issue in
      issue.description.contains("Gauge.level")
    }
  }

  @Test func readsMadeByTheHandlerAreNotReported() {
    let gauge = Gauge()
    let other = Gauge()
    let log = ReportLog()
    PerceptionChecking.withReportHandler { report in
      log.append(report)
      _ = other.read()
    } operation: {
      withPerceptionChecking { _ = gauge.read() }
    }
    #expect(log.all.count == 1)
  }
}
