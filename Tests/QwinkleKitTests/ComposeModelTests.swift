import PropertyBased
import QwinkleKit
import Testing

/// Talk 004's journal editor: a counter derived from the model, and a drawer whose state is not its animation.
@Suite("The compose screen's model")
struct ComposeModelTests {
    static let photo = AttachedPhoto(id: "ph_1", alt: "Gettysburg")

    @Test("The counter reads 140, then 117 as soon as a photo is attached, then 115 after typing \"hi\"")
    func counter() {
        var model = ComposeModel(visibility: .public)
        #expect(model.remainingCharacters == 140)
        model.attach(Self.photo)
        #expect(model.remainingCharacters == 117)
        model.body = "hi"
        #expect(model.remainingCharacters == 115)
        model.detach(Self.photo.id)
        #expect(model.remainingCharacters == 138)
        model.visibility = .journal
        #expect(model.remainingCharacters == 9_998)
    }

    @Test("A fifth photo, or the same photo twice, is refused and the counter is unchanged")
    func photoLimits() {
        var model = ComposeModel(visibility: .followers)
        let attached = (1...5).map { model.attach(AttachedPhoto(id: Photo.ID(rawValue: "ph_\($0)")!)) }
        #expect(attached == [true, true, true, true, false])
        #expect(!model.canAttachPhoto && model.remainingCharacters == 140 - 4 * 23)
        var again = ComposeModel(visibility: .public)
        let twice = [again.attach(Self.photo), again.attach(Self.photo)]
        #expect(twice == [true, false] && again.photos == [Self.photo])
    }

    @Test("Focusing the body collapses an expanded drawer and says so; a collapsed one it leaves alone")
    func focus() {
        var model = ComposeModel(visibility: .journal)
        let whenCollapsed = model.focusBody()
        #expect(!whenCollapsed && model.photoDrawer == .collapsed)
        model.toggleDrawer()
        #expect(model.photoDrawer == .expanded)
        let whenExpanded = model.focusBody()
        #expect(whenExpanded && model.photoDrawer == .collapsed)
    }

    @Test("Tapping the drawer button 1,000 times in a row flips it every time and leaves it collapsed")
    func thousandToggles() {
        var model = ComposeModel(visibility: .public)
        model.attach(Self.photo)
        for tap in 1...1_000 {
            model.toggleDrawer()
            #expect(model.photoDrawer == (tap.isMultiple(of: 2) ? .collapsed : .expanded))
        }
        #expect(model.photoDrawer == .collapsed)
        #expect(model.remainingCharacters == 117)
        model.toggleDrawer()
        let collapsed = model.focusBody()
        #expect(collapsed && model.photoDrawer == .collapsed)
    }

    @Test("Any sequence of taps, focuses, typing and photos keeps the drawer and the counter consistent")
    func anySequence() async {
        // 0 toggles the drawer, 1 focuses the body, 2 types a letter, 3 deletes one, 4 attaches a photo, 5 detaches.
        await propertyCheck(input: Gen.int(in: 0...5).array(of: 0...60)) { actions in
            var model = ComposeModel(visibility: .public)
            var expanded = false
            for (step, action) in actions.enumerated() {
                switch action {
                case 0:
                    model.toggleDrawer()
                    expanded.toggle()
                case 1:
                    #expect(model.focusBody() == expanded)
                    expanded = false
                case 2: model.body += "a"
                case 3: if !model.body.isEmpty { model.body.removeLast() }
                case 4: model.attach(AttachedPhoto(id: Photo.ID(rawValue: "ph_\(step)")!))
                default: if let photo = model.photos.first { model.detach(photo.id) }
                }
                #expect(model.photoDrawer == (expanded ? .expanded : .collapsed))
                #expect(model.remainingCharacters == 140 - model.body.count - 23 * model.photos.count)
                #expect(model.photos.count <= 4)
            }
        }
    }
}
