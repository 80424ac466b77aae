import Foundation
import PerceptionCore
import Testing

/// An actor with the default executor, for reads made after a hop.
actor GaugeReader {
  func read(_ gauge: Gauge, line: UInt) -> Int {
    gauge.read(line: line)
  }
}

@Suite(
  "Perception checking across await",
  .enabled(if: isDebugBuild, "checking is compiled out of release builds"))
struct CheckingAsyncTests {
  @Test func anAsyncContextFollowsItsTaskAcrossSuspensionsAndActorHops() async {
    let gauge = Gauge()
    let reader = GaugeReader()
    let log = ReportLog()
    var expected: [UInt] = []
    await PerceptionChecking.withReportHandler {
      log.append($0)
    } operation: {
      await withPerceptionChecking {
        expected.append(#line + 1)
        _ = gauge.read()
        await Task.yield()
        expected.append(#line + 1)
        _ = gauge.read()
        expected.append(#line + 1)
        _ = await reader.read(gauge, line: #line)
        expected.append(#line + 1)
        _ = gauge.read()
        withPerceptionTracking {
          _ = gauge.read()
        } onChange: {
        }
      }
      // The context is over, even if this runs in the job that left it.
      _ = gauge.read()
      await Task.yield()
      _ = gauge.read()
    }
    #expect(log.all.compactMap(\.line) == expected)
  }

  @Test func anAsyncContextReturnsAndThrows() async {
    struct Failure: Error {}
    let value = await withPerceptionChecking {
      await Task.yield()
      return 42
    }
    #expect(value == 42)
    await #expect(throws: Failure.self) {
      try await withPerceptionChecking { () async throws(Failure) -> Void in
        await Task.yield()
        throw Failure()
      }
    }
  }

  @Test func childTasksInheritTheContext() async {
    let gauge = Gauge()
    let log = ReportLog()
    await PerceptionChecking.withReportHandler {
      log.append($0)
    } operation: {
      await withPerceptionChecking {
        async let first = gauge.read(line: 1)
        async let second = gauge.read(line: 2)
        _ = await (first, second)
      }
    }
    #expect(log.all.compactMap(\.line).sorted() == [1, 2])
  }

  @Test func aTaskOutsideTheContextIsNotReportedWhileAnotherIsInside() async {
    let gauge = Gauge()
    let log = ReportLog()
    await PerceptionChecking.withReportHandler {
      log.append($0)
    } operation: {
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          await withPerceptionChecking {
            for _ in 0..<50 {
              _ = gauge.read(line: 1)
              await Task.yield()
            }
          }
        }
        group.addTask {
          for _ in 0..<50 {
            _ = gauge.read(line: 2)
            await Task.yield()
          }
        }
      }
    }
    #expect(log.all.compactMap(\.line) == [1])
  }

  @Test func skipPerceptionCheckingSilencesAnAsyncScope() async {
    let gauge = Gauge()
    let log = ReportLog()
    await PerceptionChecking.withReportHandler {
      log.append($0)
    } operation: {
      await withPerceptionChecking {
        await _PerceptionLocals.$skipPerceptionChecking.withValue(true) {
          _ = gauge.read(line: 1)
          await Task.yield()
          _ = gauge.read(line: 2)
        }
        _ = gauge.read(line: 3)
      }
    }
    #expect(log.all.compactMap(\.line) == [3])
  }
}
