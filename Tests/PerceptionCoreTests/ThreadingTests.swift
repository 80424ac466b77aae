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
    // The registrar is called directly, as the accessors do, so that the threads race on the
    // registrar only and not on the model's (unsynchronized) storage.
    let model = PerceptionModel()
    let registrar = PerceptionRegistrar()
    let fired = EventLog()
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      for _ in 0..<500 {
        if index % 2 == 0 {
          withPerceptionTracking {
            registrar.access(model, keyPath: \.count)
          } onChange: {
            fired.append("x")
          }
        } else {
          registrar.withMutation(of: model, keyPath: \.count) {}
        }
      }
    }
    // Every tracking either fired once or is still installed; none fired twice. One final
    // write fires every tracking still installed.
    registrar.withMutation(of: model, keyPath: \.count) {}
    #expect(fired.count(of: "x") == 1000)
  }

  @Test func aWriteRacingInstallationFiresExactlyOnce() {
    // Each tracking reads 32 registrars, so installing it takes a while, and the writer keeps
    // writing the first one. A write that lands once the first registrar is registered runs
    // onChange on the writing thread, before its value is stored; one that lands between the
    // read and that registration is delivered on the installing thread, as the setup ends,
    // before `withPerceptionTracking` returns. Either way, once.
    let model = PerceptionModel()
    let registrars = (0..<32).map { _ in PerceptionRegistrar() }
    let installer = "\(pthread_self())"
    let threads = EventLog()
    let writing = DispatchSemaphore(value: 0)
    let stopped = DispatchSemaphore(value: 0)
    let stop = StopFlag()
    Thread.detachNewThread {
      writing.signal()
      while !stop.isSet {
        registrars[0].withMutation(of: model, keyPath: \.count) {}
      }
      stopped.signal()
    }
    writing.wait()
    let trackings = 2000
    var firedAtSetupEnd = 0
    for _ in 0..<trackings {
      let before = threads.count(of: "installer")
      withPerceptionTracking {
        for registrar in registrars { registrar.access(model, keyPath: \.count) }
      } onChange: {
        threads.append("\(pthread_self())" == installer ? "installer" : "writer")
      }
      firedAtSetupEnd += threads.count(of: "installer") - before
    }
    stop.set()
    stopped.wait()
    // Every onChange on this thread ran inside the call that installed its tracking.
    #expect(threads.count(of: "installer") == firedAtSetupEnd)
    // The trackings nobody fired yet are still installed: one more write fires each.
    registrars[0].withMutation(of: model, keyPath: \.count) {}
    #expect(threads.all.count == trackings, "every tracking fired exactly once")
    // The writer thread's closure holds the registrars too, and frees them when the thread
    // exits, which may be after `stopped.wait()`. An optimized build could otherwise end this
    // function's hold at the last write, so releasing registrars 1-31 on the exiting thread
    // would fire the trackings still installed (a release counts as a change), racing the final
    // write: a write that finds a tracking claimed by another thread returns before that
    // thread's onChange has run, and the counts above would be read early.
    withExtendedLifetime(registrars) {}
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

/// A flag one thread sets and another polls.
final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
