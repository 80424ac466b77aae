import Perception
import Testing

// Backquoted property names: `@Observable`'s expansion does not compile for them
// (swiftlang/swift#69856); `@Perceptible`'s must, and must track them.

@Perceptible final class Keywords {
  var `default` = 1
  var `class` = "c"
  var `self`: Int? = nil
  var `plain` = 2.5
  var `two words` = [0]
  var `in`: Int = 0 {
    didSet { log.append(`in`) }
  }
  var log: [Int] = []
}

@Suite("Backquoted property names")
struct BacktickTests {
  @Test func keywordNamesAreTracked() {
    let model = Keywords()
    #expect(fires({ _ = model.default }, when: { model.default = 2 }))
    #expect(fires({ _ = model.class }, when: { model.class = "d" }))
    #expect(fires({ _ = model.`self` }, when: { model.`self` = 1 }))
    #expect(fires({ _ = model.plain }, when: { model.plain += 1 }))
    #expect(model.default == 2)
    #expect(model.class == "d")
    #expect(model.`self` == 1)
    #expect(model.plain == 3.5)
    #expect(!fires({ _ = model.default }, when: { model.class = "e" }))
  }

  @Test func rawIdentifiersAreTracked() {
    let model = Keywords()
    #expect(fires({ _ = model.`two words` }, when: { model.`two words`.append(1) }))
    #expect(model.`two words` == [0, 1])
  }

  @Test func observersOnABackquotedNameRun() {
    let model = Keywords()
    #expect(fires({ _ = model.in }, when: { model.in = 4 }))
    #expect(model.log == [4])
  }

  @Test func keyPathsUseTheName() {
    let model = Keywords()
    let path: ReferenceWritableKeyPath<Keywords, Int> = \.default
    model[keyPath: path] = 9
    #expect(model.default == 9)
  }
}
