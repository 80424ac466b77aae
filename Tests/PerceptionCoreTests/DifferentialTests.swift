import Observation
import PerceptionCore
import Testing

/// Each scenario runs against native `@Observable`, against Perception, and against
/// Perception's tracking over `@Observable` models, and all must log the same callbacks. Each test also states the expected log, so that the two engines cannot
/// agree on a wrong answer.
@Suite("Perception matches native Observation")
struct DifferentialTests {
  func run<E: TrackingEngine>(
    _ engine: E.Type, _ scenario: (E.Type, EventLog) -> Void
  ) -> [String] {
    let log = EventLog()
    scenario(engine, log)
    return log.all
  }

  func expectSameLog(
    expected: [String],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: (any TrackingEngine.Type, EventLog) -> Void
  ) {
    let native = run(NativeTracker.self) { scenario($0, $1) }
    let perception = run(PerceptionTracker.self) { scenario($0, $1) }
    let overObservable = run(PerceptionOverObservableTracker.self) { scenario($0, $1) }
    #expect(perception == native, "Perception differs from native", sourceLocation: sourceLocation)
    if PerceptionEngine.current == .native {
      #expect(
        overObservable == native, "Perception over @Observable models differs from native",
        sourceLocation: sourceLocation)
    }
    #expect(perception == expected, sourceLocation: sourceLocation)
  }

  @Test func onChangeFiresOnceOnTheFirstWillSet() {
    expectSameLog(expected: ["onChange saw 0", "set 1", "set 2", "set 3"]) { engine, log in
      scenarioOnChangeOnce(engine, log)
    }
  }

  @Test func unreadPropertyNeverFires() {
    expectSameLog(expected: ["set other", "onChange", "set count"]) { engine, log in
      scenarioUnread(engine, log)
    }
  }

  @Test func nestedReadsCountForTheOuterScope() {
    expectSameLog(expected: ["inner", "outer"]) { engine, log in
      scenarioNested(engine, log)
    }
  }

  @Test func outerOnlyReadDoesNotFireTheInnerScope() {
    expectSameLog(expected: ["outer"]) { engine, log in
      scenarioOuterOnly(engine, log)
    }
  }

  @Test func graphReadsTrackEveryHop() {
    expectSameLog(
      expected: ["child.other: nothing", "child.name: fired", "parent.child: fired"]
    ) { engine, log in
      scenarioGraph(engine, log)
    }
  }

  @Test func equalValueDoesNotNotify() {
    expectSameLog(expected: ["equal write", "onChange", "different write"]) { engine, log in
      scenarioEqualValue(engine, log)
    }
  }

  @Test func inPlaceMutationNotifies() {
    expectSameLog(expected: ["onChange saw []", "appended"]) { engine, log in
      scenarioModify(engine, log)
    }
  }

  @Test func ignoredPropertyNeverFires() {
    expectSameLog(expected: ["wrote ignored"]) { engine, log in
      scenarioIgnored(engine, log)
    }
  }

  @Test func eachTrackingFiresIndependently() {
    expectSameLog(expected: ["write", "a", "b"]) { engine, log in
      scenarioTwoTrackings(engine, log)
    }
  }

  @Test func applyResultIsReturned() {
    expectSameLog(expected: ["returned 42"]) { engine, log in
      scenarioResult(engine, log)
    }
  }

  @Test func repeatedReadsRegisterOnce() {
    expectSameLog(expected: ["onChange", "write 1", "write 2"]) { engine, log in
      scenarioRepeatedReads(engine, log)
    }
  }

  @Test func emptyScopeObservesNothing() {
    expectSameLog(expected: ["apply", "write"]) { engine, log in
      scenarioEmpty(engine, log)
    }
  }
}

// The scenarios, generic over the engine. Each one only uses `TestSubject`'s properties and the
// engine's `track`.

private func scenarioOnChangeOnce<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  E.track({ _ = model.count }, onChange: { log.append("onChange saw \(model.count)") })
  for value in 1...3 {
    model.count = value
    log.append("set \(value)")
  }
}

private func scenarioUnread<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  E.track({ _ = model.count }, onChange: { log.append("onChange") })
  model.other = 1
  log.append("set other")
  model.name = "x"
  model.count += 0  // `+=` goes through _modify, which notifies even when the value is equal.
  log.append("set count")
}

private func scenarioNested<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  E.track(
    {
      _ = model.count
      E.track({ _ = model.name }, onChange: { log.append("inner") })
    }, onChange: { log.append("outer") })
  model.name = "changed"
  // Both fire on the same willSet; their relative order is unspecified, so sort.
  let events = log.all.sorted()
  log.clear()
  for event in events { log.append(event) }
  model.name = "again"
}

private func scenarioOuterOnly<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  // The inner scope stays installed. When the model is released at the end, Perception calls
  // it, as the newest Observation does and 6.3.1 does not (see LifetimeTests); this scenario
  // is about reads, so its log is taken while the model lives.
  let inner = EventLog()
  E.track(
    {
      _ = model.count
      E.track({ _ = model.name }, onChange: { inner.append("inner") })
    }, onChange: { log.append("outer") })
  model.count = 1
  log.append(contentsOf: inner.all)
}

private func scenarioGraph<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let parent = E.Model()
  let child = E.Model()
  parent.child = child

  let fired = EventLog()
  E.track({ _ = parent.child?.name }, onChange: { fired.append("x") })
  child.other = 1
  log.append("child.other: " + (fired.all.isEmpty ? "nothing" : "fired"))
  child.name = "n"
  log.append("child.name: " + (fired.all.isEmpty ? "nothing" : "fired"))

  let fired2 = EventLog()
  E.track({ _ = parent.child?.name }, onChange: { fired2.append("x") })
  parent.child = E.Model()
  log.append("parent.child: " + (fired2.all.isEmpty ? "nothing" : "fired"))
}

private func scenarioEqualValue<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  model.name = "same"
  E.track({ _ = model.name }, onChange: { log.append("onChange") })
  model.name = "same"
  log.append("equal write")
  model.name = "different"
  log.append("different write")
}

private func scenarioModify<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  E.track({ _ = model.values }, onChange: { log.append("onChange saw \(model.values)") })
  model.values.append(1)
  log.append("appended")
}

private func scenarioIgnored<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  E.track({ _ = model.ignored }, onChange: { log.append("onChange") })
  model.ignored = 1
  log.append("wrote ignored")
}

private func scenarioTwoTrackings<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  let a = EventLog()
  let b = EventLog()
  E.track({ _ = model.count }, onChange: { a.append("a") })
  E.track({ _ = model.count }, onChange: { b.append("b") })
  model.count = 1
  log.append("write")
  log.append(contentsOf: a.all + b.all)
  model.count = 2
  log.append(contentsOf: a.all.dropFirst() + b.all.dropFirst())
}

private func scenarioResult<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  model.count = 42
  let result = E.track({ model.count }, onChange: {})
  log.append("returned \(result)")
}

private func scenarioRepeatedReads<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  E.track(
    {
      for _ in 0..<100 { _ = model.count }
    }, onChange: { log.append("onChange") })
  model.count = 1
  log.append("write 1")
  model.count = 2
  log.append("write 2")
}

private func scenarioEmpty<E: TrackingEngine>(_: E.Type, _ log: EventLog) {
  let model = E.Model()
  E.track({ log.append("apply") }, onChange: { log.append("onChange") })
  model.count = 1
  log.append("write")
}
