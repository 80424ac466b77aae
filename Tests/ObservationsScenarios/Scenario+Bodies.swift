// The scenarios' bodies. Each follows the shape of the Apple test of the same name: the same
// tasks, yields and writes, in the same order; `Task {}` inherits the main actor, as there.

extension Scenario {
  @MainActor
  static func basicEmission<Kind: SequenceKind>(_: Kind.Type) async -> ScenarioOutcome {
    let model = Kind.Model()
    var iterator = Kind.values(of: model).makeAsyncIterator()
    let first = await iterator.step(isolation: #isolation)
    Task {
      await Task.yield()
      model.value = 42
    }
    let second = await iterator.step(isolation: #isolation)
    var outcome = ScenarioOutcome(elements: [[record(first), record(second)]])
    outcome.expect(first == 0, "first == 0")
    outcome.expect(second == 42, "second == 42")
    return outcome
  }

  @MainActor
  static func severalProperties<Kind: SequenceKind>(_: Kind.Type) async -> ScenarioOutcome {
    let model = Kind.Model()
    var iterator = Kind.labels(of: model).makeAsyncIterator()
    let first = await iterator.step(isolation: #isolation)
    Task {
      await Task.yield()
      model.name = "updated"
      model.value = 100
    }
    let second = await iterator.step(isolation: #isolation)
    var outcome = ScenarioOutcome(elements: [[record(first), record(second)]])
    outcome.expect(first == "test:0", "first == \"test:0\"")
    outcome.expect(second == "updated:100", "second == \"updated:100\"")
    return outcome
  }

  @MainActor
  static func errorInEmit<Kind: SequenceKind>(_: Kind.Type) async -> ScenarioOutcome {
    let model = Kind.Model()
    let throwSwitch = ThrowSwitch()
    var iterator = Kind.values(of: model, throwingWhen: throwSwitch).makeAsyncIterator()
    var outcome = ScenarioOutcome()
    var elements: [String] = []
    let first = try? await iterator.step(isolation: #isolation)
    elements.append(record(first))
    outcome.expect(first == 0, "first == 0")
    Task {
      await Task.yield()
      throwSwitch.isOn = true
      model.value = 42
    }
    do throws(ScenarioError) {
      let second = try await iterator.step(isolation: #isolation)
      elements.append(record(second))
      outcome.expect(false, "the second next() throws")
    } catch {
      elements.append("throw \(error)")
    }
    let afterError = try? await iterator.step(isolation: #isolation)
    elements.append(record(afterError))
    outcome.expect(afterError == nil, "next() after the error == nil")
    outcome.elements = [elements]
    return outcome
  }

  @MainActor
  static func concurrentObservers<Kind: SequenceKind>(_: Kind.Type) async -> ScenarioOutcome {
    let model = Kind.Model()
    let values = Kind.values(of: model)
    // Written out twice, as in Apple's test: a task started from a local function would not
    // inherit the main actor.
    let task1 = Task {
      var iterator = values.makeAsyncIterator()
      var collected: [Int] = []
      for _ in 0..<3 {
        if let value = await iterator.step(isolation: #isolation) { collected.append(value) }
      }
      return collected
    }
    let task2 = Task {
      var iterator = values.makeAsyncIterator()
      var collected: [Int] = []
      for _ in 0..<3 {
        if let value = await iterator.step(isolation: #isolation) { collected.append(value) }
      }
      return collected
    }
    let changes = Task {
      await Task.yield()
      model.value = 100
      await Task.yield()
      model.value = 200
    }
    let (result1, result2) = await (task1.value, task2.value)
    await changes.value
    var outcome = ScenarioOutcome(elements: [result1.map(record), result2.map(record)])
    outcome.expect(result1.count == 3, "result1.count == 3")
    outcome.expect(result2.count == 3, "result2.count == 3")
    outcome.expect(result1.first == 0, "result1[0] == 0")
    outcome.expect(result2.first == 0, "result2[0] == 0")
    return outcome
  }

  @MainActor
  static func taskCancellation<Kind: SequenceKind>(_: Kind.Type) async -> ScenarioOutcome {
    let model = Kind.Model()
    let values = Kind.values(of: model)
    let task = Task {
      var iterator = values.makeAsyncIterator()
      var collected: [Int] = []
      if let value = await iterator.step(isolation: #isolation) { collected.append(value) }
      if let value = await iterator.step(isolation: #isolation) { collected.append(value) }
      return collected
    }
    await Task.yield()
    task.cancel()
    let result = await task.value
    var outcome = ScenarioOutcome(elements: [result.map(record)])
    outcome.expect(result.count == 1, "result.count == 1")
    outcome.expect(result.first == 0, "result[0] == 0")
    return outcome
  }

  @MainActor
  static func rapidChanges<Kind: SequenceKind>(_: Kind.Type) async -> ScenarioOutcome {
    let model = Kind.Model()
    var iterator = Kind.values(of: model).makeAsyncIterator()
    let first = await iterator.step(isolation: #isolation)
    Task {
      await Task.yield()
      for value in 1...5 { model.value = value }
    }
    let second = await iterator.step(isolation: #isolation)
    var outcome = ScenarioOutcome(elements: [[record(first), record(second)]])
    outcome.expect(first == 0, "first == 0")
    outcome.expect(second == 5, "second == 5")
    return outcome
  }

  @MainActor
  static func emptySequence<Kind: SequenceKind>(_: Kind.Type) async -> ScenarioOutcome {
    var iterator = Kind.finishedAtOnce().makeAsyncIterator()
    let result = await iterator.step(isolation: #isolation)
    var outcome = ScenarioOutcome(elements: [[record(result)]])
    outcome.expect(result == nil, "result == nil")
    return outcome
  }
}
