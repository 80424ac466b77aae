import Perception
import Testing

/// The key a static key path carries names the same property as the key path literals that
/// hand-written accessors and registrar calls form, whichever of the two the process saw first.
@Suite("Static key paths and literals")
struct StaticKeyPathTests {
  @Test func aReadThroughTheStaticFiresOnAWriteThroughALiteral() {
    let model = StaticFirst()
    _ = model.value
    #expect(fires({ _ = model.value }, when: { model.write(\StaticFirst.value) }))
    #expect(!fires({ _ = model.value }, when: { model.write(\StaticFirst.other) }))
  }

  @Test func aReadThroughALiteralFiresOnAWriteThroughTheStatic() {
    let model = StaticFirst()
    model.value = 1
    #expect(fires({ model.read(\StaticFirst.value) }, when: { model.value = 2 }))
    #expect(!fires({ model.read(\StaticFirst.value) }, when: { model.other = 2 }))
  }

  @Test func aLiteralSeenBeforeTheStaticNamesTheSameProperty() {
    let model = LiteralFirst()
    #expect(fires({ model.read(\LiteralFirst.value) }, when: { model.value = 1 }))
    #expect(fires({ _ = model.value }, when: { model.value = 2 }))
  }
}
