import Foundation
import Testing

@testable import PerceptionCore

/// What only debug builds do is off in release builds. Release builds compile the same code
/// as debug builds (`DebugBuild`), with each debug-only step behind a test of a constant, so a
/// step left untested would run there: these hold each one off, in the release run CI makes.
@Suite(
  "Debug-only behaviour in release builds",
  .enabled(if: !isDebugBuild, "the debug suites hold what debug builds do"))
struct ReleaseBuildTests {
  @Test func checkingStaysOffAndReportsNothing() {
    #expect(isPerceptionCheckingEnabled == false)
    isPerceptionCheckingEnabled = true
    #expect(isPerceptionCheckingEnabled == false)
    let gauge = Gauge()
    let reports = checkingReports {
      withPerceptionChecking { _ = gauge.read() }
    }
    #expect(reports.isEmpty)
  }

  @Test func tracingStaysOffAndTracesNothing() {
    let model = PerceptionModel()
    let traces = TraceTests.Traces()
    PerceptionTracing.withTraceHandler(traces.append) {
      #expect(PerceptionTracing.isEnabled == false)
      withPerceptionTracking {
        _ = model.count
      } onChange: {
      }
      model.count += 1
    }
    #expect(traces.all.isEmpty)
  }

  @Test func trackingDoesNotMarkTheTaskLocal() {
    let model = PerceptionModel()
    let marked = withPerceptionTracking {
      _ = model.count
      return _PerceptionLocals.$isInPerceptionTracking.get()
    } onChange: {
    }
    #expect(marked == false)
  }

  @Test func observersAreNotCounted() {
    #expect(DebugCounter.isCounting == false)
    let model = PerceptionModel()
    withPerceptionTracking {
      _ = model.count
    } onChange: {
    }
    #expect(DebugCounter.observers.value == 0)
    model.count += 1
  }
}
