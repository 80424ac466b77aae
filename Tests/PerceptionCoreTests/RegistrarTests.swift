import Foundation
import PerceptionCore
import Testing

@Suite("PerceptionRegistrar")
struct RegistrarTests {
  struct Document: Codable, Hashable {
    var title: String
    var registrar = PerceptionRegistrar()
  }

  @Test func registrarsAreAllEqualAndHashAlike() {
    let first = PerceptionRegistrar()
    let second = PerceptionRegistrar()
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(Document(title: "a") == Document(title: "a"))
    #expect(Document(title: "a") != Document(title: "b"))
  }

  @Test func registrarEncodesNothing() throws {
    let data = try JSONEncoder().encode(Document(title: "a"))
    let json = try #require(String(data: data, encoding: .utf8))
    #expect(json.contains("\"title\":\"a\""))
    let decoded = try JSONDecoder().decode(Document.self, from: data)
    #expect(decoded.title == "a")
  }

  @Test func callingTheRegistrarByHand() {
    let model = PerceptionModel()
    let registrar = PerceptionRegistrar()
    let log = EventLog()
    withPerceptionTracking {
      registrar.access(model, keyPath: \.count)
    } onChange: {
      log.append("onChange")
    }
    registrar.withMutation(of: model, keyPath: \.other) { log.append("other") }
    #expect(log.all == ["other"])
    let result = registrar.withMutation(of: model, keyPath: \.count) { () -> Int in
      log.append("mutation")
      return 7
    }
    #expect(result == 7)
    #expect(log.all == ["other", "onChange", "mutation"])
  }

  @Test func withMutationRethrowsAndStillSendsDidSet() {
    struct Failure: Error {}
    let model = PerceptionModel()
    let registrar = PerceptionRegistrar()
    let log = EventLog()
    withPerceptionTracking {
      registrar.access(model, keyPath: \.count)
    } willSet: { _ in
      log.append("willSet")
    } didSet: { _ in
      log.append("didSet")
    }
    #expect(throws: Failure.self) {
      try registrar.withMutation(of: model, keyPath: \.count) { throw Failure() }
    }
    #expect(log.all == ["willSet", "didSet"])
  }

  @Test func fanOutToAThousandObservers() {
    let model = PerceptionModel()
    let log = EventLog()
    for index in 0..<1000 {
      withPerceptionTracking {
        _ = model.count
      } onChange: {
        log.append("\(index)")
      }
    }
    model.count = 1
    #expect(Set(log.all) == Set((0..<1000).map { "\($0)" }))
    #expect(log.all.count == 1000)
    model.count = 2
    #expect(log.all.count == 1000)
  }

  @Test func manyPropertiesInOneScope() {
    let models = (0..<300).map { _ in PerceptionModel() }
    let log = EventLog()
    withPerceptionTracking {
      for model in models {
        _ = model.count
        _ = model.name
        _ = model.other
      }
    } onChange: {
      log.append("onChange")
    }
    models[299].other = 1
    models[0].count = 1
    #expect(log.all == ["onChange"])
  }
}

@Suite("Key paths")
struct KeyPathTests {
  @Test func genericClassKeyPathsMatchByValue() {
    let model = GenericPerceptionModel(value: 1)
    let log = EventLog()
    withPerceptionTracking {
      _ = model.value
    } onChange: {
      log.append("onChange")
    }
    model.value = 2
    #expect(log.all == ["onChange"])
  }

  @Test func keyPathBuiltByAppendingMatchesTheLiteral() throws {
    let model = PerceptionModel()
    let registrar = PerceptionRegistrar()
    let built: KeyPath<PerceptionModel, Int> = (\PerceptionModel.self).appending(
      path: \PerceptionModel.count)
    try #require(built == \PerceptionModel.count)
    let log = EventLog()
    withPerceptionTracking {
      registrar.access(model, keyPath: \.count)
    } onChange: {
      log.append("onChange")
    }
    registrar.willSet(model, keyPath: built)
    #expect(log.all == ["onChange"])
  }

  // Debug builds only: a release build may unify the two files' literals into one object
  // (`appending` to `\.self` returns its argument, so it makes none either). CI runs the debug
  // suite on both engines.
  #if DEBUG
    @Test func aLiteralFromAnotherFileMatchesEveryTime() throws {
      let model = PerceptionModel()
      let registrar = PerceptionRegistrar()
      let equalObject = KeyPathsFormedInModelsFile.count
      try #require(equalObject == \PerceptionModel.count)
      try #require(equalObject !== \PerceptionModel.count as AnyKeyPath)
      // Both ways round, and again once each object has been seen.
      let log = EventLog()
      for round in 0..<3 {
        withPerceptionTracking {
          registrar.access(model, keyPath: \.count)
        } onChange: {
          log.append("read here, written there \(round)")
        }
        registrar.willSet(model, keyPath: equalObject)
        withPerceptionTracking {
          registrar.access(model, keyPath: equalObject)
        } onChange: {
          log.append("read there, written here \(round)")
        }
        registrar.willSet(model, keyPath: \.count)
      }
      #expect(
        log.all
          == (0..<3).flatMap {
            ["read here, written there \($0)", "read there, written here \($0)"]
          })
    }
  #endif

  @Test func aGenericClassMatchesPastTheAliasLimit() {
    // Unspecialized, a generic class's accessors form a new key path object at each use: more
    // of them than the key map holds for one property.
    let model = GenericPerceptionModel(value: 0)
    let log = EventLog()
    for round in 1...40 {
      withPerceptionTracking {
        _ = model.value
      } onChange: {
        log.append("\(round)")
      }
      model.value = round
    }
    #expect(log.all == (1...40).map { "\($0)" })
  }

}

@Suite("_PerceptionLocals")
struct PerceptionLocalsTests {
  @Test func taskLocalsDefaultToFalseAndCanBeSet() {
    #expect(_PerceptionLocals.skipPerceptionChecking == false)
    #expect(_PerceptionLocals.isInPerceptionTracking == false)
    _PerceptionLocals.$skipPerceptionChecking.withValue(true) {
      #expect(_PerceptionLocals.skipPerceptionChecking)
    }
    _PerceptionLocals.$isInPerceptionTracking.withValue(true) {
      #expect(_PerceptionLocals.isInPerceptionTracking)
    }
  }
}
