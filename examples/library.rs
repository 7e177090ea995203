use attackopt::{Objective, Options, Position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let pos = Position::from_json(&std::fs::read_to_string("models/paid-vs-free.json")?, "paid-vs-free.json")?;
    let decl = pos.declaration_from_json(r#"{"attacks": [{"creature": "serpent", "target": "B"}]}"#, "decl.json")?;
    let checked = pos.check(&decl, &Options::default())?;
    println!("legal: {}, obeys {} of {}", checked.legal, checked.requirements_obeyed, checked.requirements_max);
    let best = pos.solve(&Objective::Power, &Options::default())?;
    println!("{}", serde_json::to_string_pretty(&best)?);
    let most_to_b = pos.solve(&Objective::Damage("B".into()), &Options::default())?;
    println!("damage to B: {}", most_to_b.objective);
    Ok(())
}
