import QwinkleKit
import Testing

/// Talk 004's motion effect: absolute pose in, relative offsets out, so the same pose always gives the same answer.
@Suite("Card motion")
struct MotionTests {
    let motion = CardMotion.standard

    @Test("A level device leaves every layer where the layout put it")
    func levelIsStill() {
        #expect(motion.offsets(for: .level).values.allSatisfy { $0 == .zero })
        #expect(motion.offsets(for: .level).count == CardLayer.allCases.count)
    }

    @Test("Full tilt gives each layer its minimum or its maximum offset")
    func extremes() {
        for layer in CardLayer.allCases {
            let effect = motion.effect(for: layer)
            #expect(motion.offsets(for: DevicePose(tiltX: -1, tiltY: -1))[layer] == effect.minimum)
            #expect(motion.offsets(for: DevicePose(tiltX: 1, tiltY: 1))[layer] == effect.maximum)
        }
    }

    @Test("Tilts beyond ±1 are clamped, and one that is not a number counts as level")
    func clamping() {
        #expect(DevicePose(tiltX: -7, tiltY: 3) == DevicePose(tiltX: -1, tiltY: 1))
        #expect(motion.offsets(for: DevicePose(tiltX: 40, tiltY: -40)) == motion.offsets(for: DevicePose(tiltX: 1, tiltY: -1)))
        #expect(DevicePose(tiltX: .nan, tiltY: .infinity) == DevicePose(tiltX: 0, tiltY: 1))
    }

    @Test("The same pose gives the same offsets and CSS from any copy, however its dictionary was built")
    func determinism() {
        // A dictionary's order follows its capacity, its insertion order and the process's hash seed; the output
        // must follow none of them, so copies built differently must agree with each other and with fixed values.
        var forwards = [CardLayer: InterpolatingMotionEffect](minimumCapacity: 64)
        var backwards = [CardLayer: InterpolatingMotionEffect]()
        CardLayer.allCases.forEach { forwards[$0] = motion.effect(for: $0) }
        CardLayer.allCases.reversed().forEach { backwards[$0] = motion.effect(for: $0) }
        let copies = [CardMotion(effects: forwards), CardMotion(effects: backwards)]
        // Quarter tilts keep the arithmetic exact: travel t moves a layer to t × tilt.
        let pose = DevicePose(tiltX: 0.25, tiltY: -0.75)
        let expected: [CardLayer: MotionOffset] = [
            .background: MotionOffset(x: -0.75, y: 2.25), .creatures: MotionOffset(x: 1, y: -3),
            .effects: MotionOffset(x: 2, y: -6), .description: .zero,
        ]
        for copy in copies {
            #expect(copy.offsets(for: pose) == expected)
            #expect(CardLayer.allCases.map(copy.cssTransform) == CardLayer.allCases.map(motion.cssTransform))
        }
    }

    @Test("Offsets interpolate in a straight line between the minimum and the maximum")
    func interpolation() {
        let effect = InterpolatingMotionEffect(minimum: MotionOffset(x: -10, y: 2), maximum: MotionOffset(x: 30, y: 6))
        #expect(effect.offset(for: DevicePose(tiltX: 0.5, tiltY: -0.5)) == MotionOffset(x: 20, y: 3))
        #expect(effect.restingOffset == MotionOffset(x: 10, y: 4))
        #expect(effect.slope == MotionOffset(x: 20, y: 2))
        #expect(effect.reach == MotionOffset(x: 30, y: 6))
        #expect(InterpolatingMotionEffect(travel: -3).reach == MotionOffset(x: 3, y: 3))
    }

    @Test("Deeper layers move less or the other way: the background against the tilt, effects furthest with it")
    func parallax() {
        let offsets = motion.offsets(for: DevicePose(tiltX: 1, tiltY: 1))
        let x = { (layer: CardLayer) in offsets[layer]?.x ?? .nan }
        #expect(x(.background) < 0)
        #expect(x(.description) == 0)
        #expect(0 < x(.creatures) && x(.creatures) < x(.effects))
    }

    @Test("The CSS transform of a layer moves it by the same factors as the offsets")
    func css() {
        #expect(motion.cssTransform(for: .creatures) == "transform: translate(calc(var(--qw-tilt-x, 0) * 4px), calc(var(--qw-tilt-y, 0) * 4px))")
        #expect(motion.cssTransform(for: .background) == "transform: translate(calc(var(--qw-tilt-x, 0) * -3px), calc(var(--qw-tilt-y, 0) * -3px))")
        let shifted = CardMotion(effects: [.effects: InterpolatingMotionEffect(minimum: MotionOffset(x: 0, y: -2), maximum: MotionOffset(x: 10, y: 2))])
        #expect(shifted.cssTransform(for: .effects) == "transform: translate(calc(5px + var(--qw-tilt-x, 0) * 5px), calc(var(--qw-tilt-y, 0) * 2px))")
        #expect(shifted.cssTransform(for: .background) == "transform: translate(calc(var(--qw-tilt-x, 0) * 0px), calc(var(--qw-tilt-y, 0) * 0px))")
    }
}
