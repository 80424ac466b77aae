import Foundation
import PerceptionCore
import Testing

@Suite("Threads")
struct ThreadingTests {
  @Test func trackingSetUpOnOneThreadFiresOnTheMutatingThread() throws {
    let model = PerceptionModel()
    let log = EventLog()
    let setUpThread = "\(pthread_self())"
    withPerceptionTracking {
      _ = model.count
    } onChange: {
      log.append("onChange on \(pthread_self())")
    }
    runOnThread {
      log.append("mutating on \(pthread_self())")
      model.count = 1
    }
    let events = log.all
    try #require(events.count == 2)
    #expect(events[1] == "onChange on " + events[0].dropFirst("mutating on ".count))
    #expect(events[1] != "onChange on \(setUpThread)")
  }

  @Test func racingMutationsFireAOneShotOnChangeExactlyOnce() {
    // Native Observation can call onChange twice here: both threads may find the tracking
    // before either cancels it.
    for _ in 0..<500 {
      let model = PerceptionModel()
      let log = EventLog()
      withPerceptionTracking {
        _ = model.count
        _ = model.other
      } onChange: {
        log.append("onChange")
      }
      let start = DispatchSemaphore(value: 0)
      let group = DispatchGroup()
      for index in 0..<2 {
        DispatchQueue.global().async(group: group) {
          start.wait()
          if index == 0 { model.count = 1 } else { model.other = 1 }
        }
      }
      start.signal()
      start.signal()
      group.wait()
      #expect(log.count(of: "onChange") == 1)
    }
  }

  @Test func eightThreadsEachWithTheirOwnScopes() {
    let models = (0..<8).map { _ in PerceptionModel() }
    let fired = EventLog()
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      for round in 0..<200 {
        let model = models[index]
        withPerceptionTracking {
          _ = model.count
        } onChange: {
          fired.append("\(index)")
        }
        model.count = round + 1
      }
    }
    for index in 0..<8 {
      #expect(fired.count(of: "\(index)") == 200)
    }
  }

  @Test func concurrentTrackingAndMutationOfOneObject() {
    let model = PerceptionModel()
    let fired = EventLog()
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      for _ in 0..<500 {
        if index % 2 == 0 {
          withPerceptionTracking {
            _ = model.count
          } onChange: {
            fired.append("x")
          }
        } else {
          model.count += 1
        }
      }
    }
    // Every tracking either fired once or is still installed; none fired twice. One final
    // write fires every tracking still installed.
    model.count += 1
    #expect(fired.count(of: "x") == 1000)
  }

  private func runOnThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      body()
      done.signal()
    }
    thread.start()
    done.wait()
  }
}
