//! Cards known by name beyond the catalog's effects: their card data (types, power, keywords,
//! mana), for the Forge importer, which puts them on a board, and for the unknown-name warnings
//! (`super::warn_about_board`), which stay silent about them. One list for both (issue 13): a
//! card is here when attackopt knows everything about it that matters for declaring attackers.

/// What attackopt knows about a card by name: its types and the numbers that matter.
#[derive(Debug, Clone, Copy)]
pub struct KnownCard {
    /// The card's name.
    pub name: &'static str,
    /// Its card types.
    pub types: &'static [&'static str],
    /// Its subtypes.
    pub subtypes: &'static [&'static str],
    /// Its colors, as letters.
    pub colors: &'static [&'static str],
    /// Its printed power.
    pub power: i64,
    /// Its printed toughness.
    pub toughness: i64,
    /// Its keywords that matter to attacking.
    pub keywords: &'static [&'static str],
    /// Explicit {T} mana abilities, alternatives (tapping uses one), for cards outside the
    /// catalog whose land subtypes do not already imply them (the catalog supplies its own).
    pub mana: &'static [&'static str],
}

const fn card(
    name: &'static str,
    types: &'static [&'static str],
    subtypes: &'static [&'static str],
    colors: &'static [&'static str],
    power: i64,
    toughness: i64,
    keywords: &'static [&'static str],
) -> KnownCard {
    KnownCard { name, types, subtypes, colors, power, toughness, keywords, mana: &[] }
}

const fn with_mana(c: KnownCard, mana: &'static [&'static str]) -> KnownCard {
    KnownCard { mana, ..c }
}

/// A land whose text is only its mana abilities (alternatives) and what happens as it enters
/// (tapped, a life gain, returning a land): a board is read as it stands, so entering does not
/// matter, and CR 605.1a makes each `{T}: Add` a mana ability.
const fn land(name: &'static str, mana: &'static [&'static str]) -> KnownCard {
    with_mana(card(name, LAND, NONE, NONE, 0, 0, NONE), mana)
}

/// A planeswalker (no power or toughness; its loyalty does not matter for attacking it).
const fn planeswalker(name: &'static str, subtypes: &'static [&'static str], colors: &'static [&'static str]) -> KnownCard {
    card(name, PLANESWALKER, subtypes, colors, 0, 0, NONE)
}

/// A land whose basic land types give its mana abilities (CR 305.6: "{T}: Add [its color]" for
/// each type), such as a shock land or an original dual land.
const fn typed_land(name: &'static str, subtypes: &'static [&'static str]) -> KnownCard {
    card(name, LAND, subtypes, NONE, 0, 0, NONE)
}

const CREATURE: &[&str] = &["Creature"];
const ARTIFACT_CREATURE: &[&str] = &["Artifact", "Creature"];
const ENCHANTMENT: &[&str] = &["Enchantment"];
const ENCHANTMENT_CREATURE: &[&str] = &["Enchantment", "Creature"];
const ARTIFACT: &[&str] = &["Artifact"];
const LAND: &[&str] = &["Land"];
const PLANESWALKER: &[&str] = &["Planeswalker"];
const BATTLE: &[&str] = &["Battle"];
const NONE: &[&str] = &[];

/// Every card of the catalog (src/cards) with its card data, then basic lands, then creatures
/// whose attack-relevant text is only keywords attackopt reads, then lands with only mana
/// abilities, then cards whose other text does nothing while attackers are declared.
pub static KNOWN_CARDS: &[KnownCard] = &[
    // The catalog.
    card("Propaganda", ENCHANTMENT, NONE, &["U"], 0, 0, NONE),
    card("Ghostly Prison", ENCHANTMENT, NONE, &["W"], 0, 0, NONE),
    card("Windborn Muse", CREATURE, &["Spirit"], &["W"], 2, 3, &["Flying"]),
    card("Koskun Falls", ENCHANTMENT, NONE, &["B"], 0, 0, NONE),
    card("Sphere of Safety", ENCHANTMENT, NONE, &["W"], 0, 0, NONE),
    card("Norn's Annex", ARTIFACT, NONE, &["W"], 0, 0, NONE),
    card("Collective Restraint", ENCHANTMENT, NONE, &["U"], 0, 0, NONE),
    card("Baird, Steward of Argive", CREATURE, &["Human", "Soldier"], &["W"], 2, 4, &["Vigilance"]),
    card("Archangel of Tithes", CREATURE, &["Angel"], &["W"], 3, 5, &["Flying"]),
    card("Nils, Discipline Enforcer", CREATURE, &["Human", "Cleric"], &["W"], 2, 2, NONE),
    card("Elephant Grass", ENCHANTMENT, NONE, &["G"], 0, 0, NONE),
    card("Silent Arbiter", ARTIFACT_CREATURE, &["Construct"], NONE, 1, 5, NONE),
    card("Caverns of Despair", ENCHANTMENT, NONE, &["R"], 0, 0, NONE),
    card("Crawlspace", ARTIFACT, NONE, NONE, 0, 0, NONE),
    card("Dueling Grounds", ENCHANTMENT, NONE, &["G", "W"], 0, 0, NONE),
    card("Blazing Archon", CREATURE, &["Archon"], &["W"], 5, 6, &["Flying"]),
    card("Moat", ENCHANTMENT, NONE, &["W"], 0, 0, NONE),
    card("Magus of the Moat", CREATURE, &["Human", "Wizard"], &["W"], 0, 3, NONE),
    card("Ensnaring Bridge", ARTIFACT, NONE, NONE, 0, 0, NONE),
    card("Pacifism", ENCHANTMENT, &["Aura"], &["W"], 0, 0, NONE),
    card("Brainwash", ENCHANTMENT, &["Aura"], &["W"], 0, 0, NONE),
    card("Mogg Flunkies", CREATURE, &["Goblin"], &["R"], 3, 3, NONE),
    card("Orcish Conscripts", CREATURE, &["Orc"], &["R"], 2, 2, NONE),
    card("Master of Cruelties", CREATURE, &["Demon"], &["B", "R"], 1, 4, &["First strike", "Deathtouch"]),
    card("Juggernaut", ARTIFACT_CREATURE, &["Juggernaut"], NONE, 5, 3, NONE),
    card("Ekundu Cyclops", CREATURE, &["Cyclops"], &["R"], 3, 4, NONE),
    card("Goblin Rabblemaster", CREATURE, &["Goblin", "Warrior"], &["R"], 2, 2, NONE),
    card("Avatar of Slaughter", CREATURE, &["Avatar"], &["R"], 8, 8, &["Double strike"]),
    card("Fumiko the Lowblood", CREATURE, &["Human", "Samurai"], &["R"], 3, 2, NONE),
    card("Trove of Temptation", ENCHANTMENT, NONE, &["R"], 0, 0, NONE),
    card("Sea Serpent", CREATURE, &["Serpent"], &["U"], 5, 5, NONE),
    card("Goblin Goon", CREATURE, &["Goblin", "Mutant"], &["R"], 6, 6, NONE),
    card("Llanowar Elves", CREATURE, &["Elf", "Druid"], &["G"], 1, 1, NONE),
    card("Sol Ring", ARTIFACT, NONE, NONE, 0, 0, NONE),
    card("Exotic Orchard", LAND, NONE, NONE, 0, 0, NONE),
    card("Fellwar Stone", ARTIFACT, NONE, NONE, 0, 0, NONE),
    card("Reflecting Pool", LAND, NONE, NONE, 0, 0, NONE),
    card("Heartbeat of Spring", ENCHANTMENT, NONE, &["G"], 0, 0, NONE),
    card("Mana Flare", ENCHANTMENT, NONE, &["R"], 0, 0, NONE),
    card("Dictate of Karametra", ENCHANTMENT, NONE, &["G"], 0, 0, NONE),
    card("Zendikar Resurgent", ENCHANTMENT, NONE, &["G"], 0, 0, NONE),
    card("Mirari's Wake", ENCHANTMENT, NONE, &["G", "W"], 0, 0, NONE),
    card("Vorinclex, Voice of Hunger", CREATURE, &["Praetor"], &["G"], 7, 6, &["Trample"]),
    card("Kinnan, Bonder Prodigy", CREATURE, &["Human", "Druid"], &["G", "U"], 2, 2, NONE),
    card("Wild Growth", ENCHANTMENT, &["Aura"], &["G"], 0, 0, NONE),
    card("Overgrowth", ENCHANTMENT, &["Aura"], &["G"], 0, 0, NONE),
    card("Utopia Sprawl", ENCHANTMENT, &["Aura"], &["G"], 0, 0, NONE),
    card("Fertile Ground", ENCHANTMENT, &["Aura"], &["G"], 0, 0, NONE),
    card("Caged Sun", ARTIFACT, NONE, NONE, 0, 0, NONE),
    card("Gauntlet of Power", ARTIFACT, NONE, NONE, 0, 0, NONE),
    planeswalker("Nissa, Who Shakes the World", &["Nissa"], &["G"]),
    card("Mana Reflection", ENCHANTMENT, NONE, &["G"], 0, 0, NONE),
    card("Nyxbloom Ancient", ENCHANTMENT_CREATURE, &["Elemental"], &["G"], 5, 5, &["Trample"]),
    card("Contamination", ENCHANTMENT, NONE, &["B"], 0, 0, NONE),
    card("Infernal Darkness", ENCHANTMENT, NONE, &["B"], 0, 0, NONE),
    card("Blood Moon", ENCHANTMENT, NONE, &["R"], 0, 0, NONE),
    card("Magus of the Moon", CREATURE, &["Human", "Wizard"], &["R"], 2, 2, NONE),
    card("Chromatic Lantern", ARTIFACT, NONE, NONE, 0, 0, NONE),
    // The catalog's cards about blocks (CR 509.1).
    card("Lure", ENCHANTMENT, &["Aura"], &["G"], 0, 0, NONE),
    card("Prized Unicorn", CREATURE, &["Unicorn"], &["G"], 2, 2, NONE),
    card("Nemesis Mask", ARTIFACT, &["Equipment"], NONE, 0, 0, NONE),
    card("Nacatl War-Pride", CREATURE, &["Cat", "Warrior"], &["G"], 3, 3, NONE),
    card("Steel Leaf Champion", CREATURE, &["Elf", "Knight"], &["G"], 5, 4, NONE),
    card("Tromokratis", CREATURE, &["Kraken"], &["U"], 8, 8, NONE),
    card("Goblin Piker", CREATURE, &["Goblin", "Warrior"], &["R"], 2, 1, NONE),
    card("Zurgo Bellstriker", CREATURE, &["Orc", "Warrior"], &["R"], 2, 2, &["Dash"]),
    card("Brazen Borrower", CREATURE, &["Faerie", "Rogue"], &["U"], 3, 1, &["Flash", "Flying"]),
    // Basic lands (their subtypes give their mana abilities).
    card("Plains", LAND, &["Plains"], NONE, 0, 0, NONE),
    card("Island", LAND, &["Island"], NONE, 0, 0, NONE),
    card("Swamp", LAND, &["Swamp"], NONE, 0, 0, NONE),
    card("Mountain", LAND, &["Mountain"], NONE, 0, 0, NONE),
    card("Forest", LAND, &["Forest"], NONE, 0, 0, NONE),
    card("Snow-Covered Plains", LAND, &["Plains"], NONE, 0, 0, NONE),
    card("Snow-Covered Island", LAND, &["Island"], NONE, 0, 0, NONE),
    card("Snow-Covered Swamp", LAND, &["Swamp"], NONE, 0, 0, NONE),
    card("Snow-Covered Mountain", LAND, &["Mountain"], NONE, 0, 0, NONE),
    card("Snow-Covered Forest", LAND, &["Forest"], NONE, 0, 0, NONE),
    with_mana(card("Wastes", LAND, NONE, NONE, 0, 0, NONE), &["{C}"]),
    // Creatures whose text, for declaring attackers, is only keywords attackopt reads.
    card("Grizzly Bears", CREATURE, &["Bear"], &["G"], 2, 2, NONE),
    card("Savannah Lions", CREATURE, &["Cat"], &["W"], 2, 1, NONE),
    card("Raging Goblin", CREATURE, &["Goblin", "Berserker"], &["R"], 1, 1, &["Haste"]),
    card("Goblin Guide", CREATURE, &["Goblin", "Scout"], &["R"], 2, 2, &["Haste"]),
    card("Hill Giant", CREATURE, &["Giant"], &["R"], 3, 3, NONE),
    card("Gray Ogre", CREATURE, &["Ogre"], &["R"], 2, 2, NONE),
    card("Craw Wurm", CREATURE, &["Wurm"], &["G"], 6, 4, NONE),
    card("Centaur Courser", CREATURE, &["Centaur", "Warrior"], &["G"], 3, 3, NONE),
    card("Eager Cadet", CREATURE, &["Human", "Soldier"], &["W"], 1, 1, NONE),
    card("Isamaru, Hound of Konda", CREATURE, &["Dog"], &["W"], 2, 2, NONE),
    card("Serra Angel", CREATURE, &["Angel"], &["W"], 4, 4, &["Flying", "Vigilance"]),
    card("Air Elemental", CREATURE, &["Elemental"], &["U"], 4, 4, &["Flying"]),
    card("Wind Drake", CREATURE, &["Drake"], &["U"], 2, 2, &["Flying"]),
    card("Typhoid Rats", CREATURE, &["Rat"], &["B"], 1, 1, &["Deathtouch"]),
    card("Wall of Stone", CREATURE, &["Wall"], &["R"], 0, 8, &["Defender"]),
    card("Memnite", ARTIFACT_CREATURE, &["Construct"], NONE, 1, 1, NONE),
    card("Ornithopter", ARTIFACT_CREATURE, &["Thopter"], NONE, 0, 2, &["Flying"]),
    with_mana(card("Elvish Mystic", CREATURE, &["Elf", "Druid"], &["G"], 1, 1, NONE), &["{G}"]),
    with_mana(card("Birds of Paradise", CREATURE, &["Bird"], &["G"], 0, 1, &["Flying"]), &["any_color"]),
    // Issue 14: creatures whose whole text is their type line, power and toughness, and keywords
    // that either attackopt reads (Flying, Haste, Vigilance, Defender) or that do nothing while
    // attackers are declared (Reach, Trample, Lifelink, Double strike, landwalk, Hexproof, Prowess,
    // Persist, Undying, Delve, Affinity, Morph and Megamorph). A keyword whose ability triggers
    // on attacking (Exalted, Annihilator, Bushido, ...) keeps its card out of this table.
    card("Young Wolf", CREATURE, &["Wolf"], &["G"], 1, 1, &["Undying"]),
    card("Gurmag Angler", CREATURE, &["Zombie", "Fish"], &["B"], 5, 5, &["Delve"]),
    card("Vault Skirge", ARTIFACT_CREATURE, &["Phyrexian", "Bat"], &["B"], 1, 1, &["Flying", "Lifelink"]),
    card("Thundering Tanadon", ARTIFACT_CREATURE, &["Phyrexian", "Beast"], &["G"], 5, 4, &["Trample"]),
    card("Safehold Elite", CREATURE, &["Kithkin", "Scout"], &["G", "W"], 2, 2, &["Persist"]),
    card("Slippery Bogle", CREATURE, &["Beast"], &["G", "U"], 1, 1, &["Hexproof"]),
    card("Pharika's Chosen", CREATURE, &["Snake"], &["B"], 1, 1, &["Deathtouch"]),
    card("Updraft Elemental", CREATURE, &["Elemental"], &["U"], 1, 4, &["Flying"]),
    card("Territorial Roc", CREATURE, &["Bird"], &["W"], 1, 3, &["Flying"]),
    card("Ancient Carp", CREATURE, &["Fish"], &["U"], 2, 5, NONE),
    card("Segmented Krotiq", CREATURE, &["Worm"], &["G"], 6, 5, &["Megamorph"]),
    card("Champion of Arashin", CREATURE, &["Hound", "Warrior"], &["W"], 3, 2, &["Lifelink"]),
    card("Jeskai Windscout", CREATURE, &["Bird", "Scout"], &["U"], 2, 1, &["Flying", "Prowess"]),
    card("Monastery Flock", CREATURE, &["Bird", "Monk"], &["U"], 0, 5, &["Defender", "Flying", "Megamorph"]),
    card("Sagu Archer", CREATURE, &["Naga", "Archer"], &["G"], 2, 5, &["Reach", "Morph"]),
    card("Myr Enforcer", ARTIFACT_CREATURE, &["Myr"], NONE, 7, 7, &["Affinity for artifacts"]),
    card("Tangle Golem", ARTIFACT_CREATURE, &["Golem"], NONE, 5, 4, &["Affinity for Forests"]),
    card("Elite Cat Warrior", CREATURE, &["Cat", "Warrior"], &["G"], 2, 3, &["Forestwalk"]),
    card("Boros Swiftblade", CREATURE, &["Human", "Soldier"], &["R", "W"], 1, 2, &["Double strike"]),
    card("Armored Pegasus", CREATURE, &["Pegasus"], &["W"], 1, 2, &["Flying"]),
    card("Horned Turtle", CREATURE, &["Turtle"], &["U"], 1, 4, NONE),
    card("Pearled Unicorn", CREATURE, &["Unicorn"], &["W"], 2, 2, NONE),
    card("Archangel", CREATURE, &["Angel"], &["W"], 5, 5, &["Flying", "Vigilance"]),
    card("Veteran Cavalier", CREATURE, &["Human", "Knight"], &["W"], 2, 2, &["Vigilance"]),
    card("Priests of Norn", CREATURE, &["Phyrexian", "Cleric"], &["W"], 1, 4, &["Vigilance"]),
    card("Loxodon Wayfarer", CREATURE, &["Elephant", "Monk"], &["W"], 1, 5, NONE),
    card("Vestige of Emrakul", CREATURE, &["Eldrazi", "Drone"], NONE, 3, 4, &["Devoid", "Trample"]),
    card("Zodiac Dog", CREATURE, &["Dog"], &["B"], 2, 2, &["Mountainwalk"]),
    // Creatures whose only other text is a {T} mana ability (CR 605.1a).
    with_mana(card("Lifespring Druid", CREATURE, &["Elf", "Druid"], &["G"], 2, 1, NONE), &["any_color"]),
    with_mana(card("Hedron Crawler", ARTIFACT_CREATURE, &["Construct"], NONE, 0, 2, NONE), &["{C}"]),
    // Lands with only mana abilities and text about entering.
    land("Thornwood Falls", &["{G}", "{U}"]),
    land("Swiftwater Cliffs", &["{U}", "{R}"]),
    land("Rugged Highlands", &["{R}", "{G}"]),
    // Its trigger on tapping for mana targets, so it is no mana ability and adds nothing (CR
    // 605.5a).
    land("Forbidden Orchard", &["any_color"]),
    land("Blossoming Sands", &["{G}", "{W}"]),
    land("Jungle Hollow", &["{B}", "{G}"]),
    land("Wind-Scarred Crag", &["{R}", "{W}"]),
    land("Tranquil Cove", &["{W}", "{U}"]),
    land("Dismal Backwater", &["{U}", "{B}"]),
    land("Bloodfell Caves", &["{B}", "{R}"]),
    land("Scoured Barrens", &["{W}", "{B}"]),
    land("Opulent Palace", &["{B}", "{G}", "{U}"]),
    land("Sulfur Falls", &["{U}", "{R}"]),
    land("Copperline Gorge", &["{R}", "{G}"]),
    land("Kabira Crossroads", &["{W}"]),
    land("Tranquil Thicket", &["{G}"]),
    land("Secluded Steppe", &["{W}"]),
    // Bounce lands: one ability adds two mana.
    land("Dimir Aqueduct", &["{U}{B}"]),
    land("Orzhov Basilica", &["{W}{B}"]),
    land("Simic Growth Chamber", &["{G}{U}"]),
    land("Gruul Turf", &["{R}{G}"]),
    land("Azorius Chancery", &["{W}{U}"]),
    land("Boros Garrison", &["{R}{W}"]),
    land("Golgari Rot Farm", &["{B}{G}"]),
    land("Izzet Boilerworks", &["{U}{R}"]),
    land("Rakdos Carnarium", &["{B}{R}"]),
    land("Selesnya Sanctuary", &["{G}{W}"]),
    with_mana(card("Ancient Den", &["Artifact", "Land"], NONE, NONE, 0, 0, NONE), &["{W}"]),
    // Lands with basic land types (shock lands, original duals, triomes).
    typed_land("Temple Garden", &["Forest", "Plains"]),
    typed_land("Stomping Ground", &["Mountain", "Forest"]),
    typed_land("Sacred Foundry", &["Mountain", "Plains"]),
    typed_land("Watery Grave", &["Island", "Swamp"]),
    typed_land("Hallowed Fountain", &["Plains", "Island"]),
    typed_land("Blood Crypt", &["Swamp", "Mountain"]),
    typed_land("Godless Shrine", &["Plains", "Swamp"]),
    typed_land("Steam Vents", &["Island", "Mountain"]),
    typed_land("Overgrown Tomb", &["Swamp", "Forest"]),
    typed_land("Breeding Pool", &["Forest", "Island"]),
    typed_land("Tundra", &["Plains", "Island"]),
    typed_land("Underground Sea", &["Island", "Swamp"]),
    typed_land("Badlands", &["Swamp", "Mountain"]),
    typed_land("Taiga", &["Mountain", "Forest"]),
    typed_land("Savannah", &["Forest", "Plains"]),
    typed_land("Scrubland", &["Plains", "Swamp"]),
    typed_land("Volcanic Island", &["Island", "Mountain"]),
    typed_land("Bayou", &["Swamp", "Forest"]),
    typed_land("Plateau", &["Mountain", "Plains"]),
    typed_land("Tropical Island", &["Forest", "Island"]),
    typed_land("Savai Triome", &["Mountain", "Plains", "Swamp"]),
    typed_land("Ketria Triome", &["Forest", "Island", "Mountain"]),
    typed_land("Indatha Triome", &["Plains", "Swamp", "Forest"]),
    typed_land("Raugrin Triome", &["Island", "Mountain", "Plains"]),
    typed_land("Zagoth Triome", &["Swamp", "Forest", "Island"]),
    // Issue 13: cards whose text other than the keywords above does nothing while attackers are
    // declared, so that a board naming them is read right from its fields and gets no
    // unknown-name warning: abilities that trigger on entering, leaving, dying, casting, drawing
    // or dealing damage (never on attacking: a board is read as it stands, and what they did is
    // in it); activated abilities other than mana abilities (what an activation did, a pump or
    // a sacrifice, is already in the board); static abilities about blocking or casting spells;
    // and banding (CR 702.22c: bands are announced as attackers are declared, but change neither
    // which creatures may attack nor what that costs). Text that triggers on attacking, or a
    // mana ability the entry does not list, keeps a card out, as above.
    card("Elite Vanguard", CREATURE, &["Human", "Soldier"], &["W"], 2, 1, NONE),
    card("Glory Seeker", CREATURE, &["Human", "Soldier"], &["W"], 2, 2, NONE),
    card("Squire", CREATURE, &["Human", "Soldier"], &["W"], 1, 2, NONE),
    card("Silvercoat Lion", CREATURE, &["Cat"], &["W"], 2, 2, NONE),
    card("Pillarfield Ox", CREATURE, &["Ox"], &["W"], 2, 4, NONE),
    card("Suntail Hawk", CREATURE, &["Bird"], &["W"], 1, 1, &["Flying"]),
    card("White Knight", CREATURE, &["Human", "Knight"], &["W"], 2, 2, &["First strike", "Protection from black"]),
    card(
        "Baneslayer Angel",
        CREATURE,
        &["Angel"],
        &["W"],
        5,
        5,
        &["Flying", "First strike", "Lifelink", "Protection from Demons", "Protection from Dragons"],
    ),
    card("Karmic Guide", CREATURE, &["Angel", "Spirit"], &["W"], 2, 2, &["Flying", "Protection from black", "Echo"]),
    card("Thalia, Guardian of Thraben", CREATURE, &["Human", "Soldier"], &["W"], 2, 1, &["First strike"]),
    card("Selfless Spirit", CREATURE, &["Spirit"], &["W"], 2, 1, &["Flying"]),
    card("Wall of Omens", CREATURE, &["Wall"], &["W"], 0, 4, &["Defender"]),
    card("Mesa Enchantress", CREATURE, &["Human", "Druid"], &["W"], 0, 2, NONE),
    card("Coral Merfolk", CREATURE, &["Merfolk"], &["U"], 2, 1, NONE),
    card("Snapcaster Mage", CREATURE, &["Human", "Wizard"], &["U"], 2, 1, &["Flash"]),
    card("Spellseeker", CREATURE, &["Human", "Wizard"], &["U"], 1, 1, NONE),
    card("Mulldrifter", CREATURE, &["Elemental"], &["U"], 2, 2, &["Flying", "Evoke"]),
    card("Hedron Crab", CREATURE, &["Crab"], &["U"], 0, 2, NONE),
    card("Baleful Strix", ARTIFACT_CREATURE, &["Bird"], &["U", "B"], 1, 1, &["Flying", "Deathtouch"]),
    card("Walking Corpse", CREATURE, &["Zombie"], &["B"], 2, 2, NONE),
    card("Scathe Zombies", CREATURE, &["Zombie"], &["B"], 2, 3, NONE),
    card("Gravedigger", CREATURE, &["Zombie"], &["B"], 2, 2, NONE),
    card("Festering Goblin", CREATURE, &["Zombie", "Goblin"], &["B"], 1, 1, NONE),
    card("Gray Merchant of Asphodel", CREATURE, &["Zombie"], &["B"], 2, 4, NONE),
    card("Hypnotic Specter", CREATURE, &["Specter"], &["B"], 2, 2, &["Flying"]),
    card("Vampire Nighthawk", CREATURE, &["Vampire", "Shaman"], &["B"], 2, 3, &["Flying", "Deathtouch", "Lifelink"]),
    card("Putrid Leech", CREATURE, &["Zombie", "Leech"], &["B", "G"], 2, 2, NONE),
    card("Balduvian Barbarians", CREATURE, &["Human", "Barbarian"], &["R"], 3, 2, NONE),
    card("Goblin Roughrider", CREATURE, &["Goblin", "Knight"], &["R"], 3, 2, NONE),
    card("Young Pyromancer", CREATURE, &["Human", "Shaman"], &["R"], 2, 1, NONE),
    card("Shivan Dragon", CREATURE, &["Dragon"], &["R"], 5, 5, &["Flying"]),
    card("Runeclaw Bear", CREATURE, &["Bear"], &["G"], 2, 2, NONE),
    card("Elvish Warrior", CREATURE, &["Elf", "Warrior"], &["G"], 2, 3, NONE),
    card("Trained Armodon", CREATURE, &["Elephant"], &["G"], 3, 3, NONE),
    card("Timber Wolves", CREATURE, &["Wolf"], &["G"], 1, 1, &["Banding"]),
    card("Wall of Wood", CREATURE, &["Wall"], &["G"], 0, 3, &["Defender"]),
    card("Wall of Blossoms", CREATURE, &["Plant", "Wall"], &["G"], 0, 4, &["Defender"]),
    card("Wood Elves", CREATURE, &["Elf", "Scout"], &["G"], 1, 1, NONE),
    card("Sakura-Tribe Elder", CREATURE, &["Snake", "Shaman"], &["G"], 1, 1, NONE),
    card("Eternal Witness", CREATURE, &["Human", "Shaman"], &["G"], 2, 1, NONE),
    card("Knight of Autumn", CREATURE, &["Dryad", "Knight"], &["G", "W"], 2, 1, NONE),
    card("Bronze Sable", ARTIFACT_CREATURE, &["Sable"], NONE, 2, 1, NONE),
    card("Solemn Simulacrum", ARTIFACT_CREATURE, &["Golem"], NONE, 2, 2, NONE),
    card("Oblivion Ring", ENCHANTMENT, NONE, &["W"], 0, 0, NONE),
    card("Sigil of the Empty Throne", ENCHANTMENT, NONE, &["W"], 0, 0, NONE),
    // Planeswalkers whose abilities are all loyalty abilities (CR 606), activated only in a main
    // phase: what one did is in the board (Gideon Jura's +2 as an explicit `attacks_if_able`
    // aimed at him, Sarkhan Vol's haste as a keyword).
    planeswalker("Ajani Goldmane", &["Ajani"], &["W"]),
    planeswalker("Ajani Vengeant", &["Ajani"], &["R", "W"]),
    planeswalker("Chandra Nalaar", &["Chandra"], &["R"]),
    planeswalker("Chandra, Torch of Defiance", &["Chandra"], &["R"]),
    planeswalker("Elspeth Tirel", &["Elspeth"], &["W"]),
    planeswalker("Elspeth, Sun's Champion", &["Elspeth"], &["W"]),
    planeswalker("Garruk Relentless", &["Garruk"], &["G"]),
    planeswalker("Garruk Wildspeaker", &["Garruk"], &["G"]),
    planeswalker("Gideon Jura", &["Gideon"], &["W"]),
    planeswalker("Jace Beleren", &["Jace"], &["U"]),
    planeswalker("Jace, the Mind Sculptor", &["Jace"], &["U"]),
    planeswalker("Liliana Vess", &["Liliana"], &["B"]),
    planeswalker("Nicol Bolas, Planeswalker", &["Bolas"], &["U", "B", "R"]),
    planeswalker("Nissa Revane", &["Nissa"], &["G"]),
    planeswalker("Sarkhan Vol", &["Sarkhan"], &["R", "G"]),
    planeswalker("Sorin Markov", &["Sorin"], &["B"]),
    planeswalker("Tamiyo, the Moon Sage", &["Tamiyo"], &["U"]),
    planeswalker("Teferi, Hero of Dominaria", &["Teferi"], &["W", "U"]),
    planeswalker("Teferi, Temporal Archmage", &["Teferi"], &["U"]),
    planeswalker("Tezzeret the Seeker", &["Tezzeret"], &["U"]),
    // Battles whose front face only triggers as it enters (CR 310); who protects one is the
    // board's `protector`.
    card("Invasion of Dominaria", BATTLE, &["Siege"], &["W"], 0, 0, NONE),
    card("Invasion of Ergamon", BATTLE, &["Siege"], &["R", "G"], 0, 0, NONE),
    card("Invasion of Innistrad", BATTLE, &["Siege"], &["B"], 0, 0, NONE),
    card("Invasion of Kaladesh", BATTLE, &["Siege"], &["U", "R"], 0, 0, NONE),
    card("Invasion of Tarkir", BATTLE, &["Siege"], &["R"], 0, 0, NONE),
    card("Invasion of Zendikar", BATTLE, &["Siege"], &["G"], 0, 0, NONE),
];

/// The card data for a name (any case).
pub fn known_card(name: &str) -> Option<&'static KnownCard> {
    // An index, as `super::lookup`'s (the first entry of a name, as a scan found).
    static INDEX: std::sync::OnceLock<std::collections::HashMap<String, usize>> = std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| KNOWN_CARDS.iter().enumerate().rev().map(|(i, c)| (c.name.to_ascii_lowercase(), i)).collect());
    index.get(&name.trim().to_ascii_lowercase()).map(|&i| &KNOWN_CARDS[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalog_card_has_card_data() {
        for c in crate::cards::CATALOG {
            assert!(known_card(c.name).is_some(), "{} has no entry in KNOWN_CARDS", c.name);
        }
    }

    #[test]
    fn no_card_is_listed_twice() {
        let mut names: Vec<String> = KNOWN_CARDS.iter().map(|c| c.name.to_lowercase()).collect();
        names.sort();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "a name is listed twice in KNOWN_CARDS");
    }
}
