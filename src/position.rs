//! A position: a validated board with its plain rules and its mana, computed once.
//!
//! Here is how a position is built; the questions a user asks of one (`check`, `solve`,
//! `maximum`, `enumerate`, and `answer`, which every front end calls) are one `impl Position`
//! block in `src/api/mod.rs`, the library's facade: the domain core knows nothing of the API
//! (the pipeline flows one way, `tests/it/architecture.rs`), so the two blocks live apart.

use crate::board::{Attack, Declaration, InputError, ValidBoard};
use crate::mana::{ManaBoard, PayError};
use crate::rules::blocks::{block_rules, BlockRules};
use crate::rules::{expand, Assignment, Rules};

/// Everything later stages need about one board.
#[derive(Debug, Clone)]
pub struct Position {
    /// The board, validated.
    pub board: ValidBoard,
    /// Its plain form: creatures, targets, requirements, restrictions, cost instances.
    pub rules: Rules,
    /// The mana that can pay costs to attack.
    pub mana: ManaBoard,
    /// The block rules of a board with `combat` (docs/blocks.md); None for a board asked about
    /// attacks.
    pub blocks: Option<BlockRules>,
    /// The defending players' means of paying costs to block (CR 509.1d-f), with `blocks`.
    pub block_mana: Option<ManaBoard>,
}

impl Position {
    /// Expand a validated board; refused (bad input) when its plain form is past the limits
    /// of [`crate::rules::expand`].
    /// Named cards' warnings (an aura not attached) are raised here, where the catalog is read.
    pub fn new(mut board: ValidBoard) -> Result<Position, InputError> {
        // A card named alone becomes the whole card (issue 34), then Oracle text: its keywords
        // and mana are the permanent's before anything reads them.
        crate::cards::complete(&mut board);
        crate::cards::read_texts(&mut board)?;
        crate::cards::warn_about_board(&mut board);
        crate::rules::settle_permissions(&mut board);
        crate::rules::settle_mana_effects(&mut board);
        board.name_warning_subjects();
        let rules = expand(&board)?;
        let mana = ManaBoard::new(&board, &rules)?;
        let blocks = block_rules(&board, &rules.targets)?;
        let block_mana = blocks.as_ref().map(|b| ManaBoard::for_blocks(&board, b)).transpose()?;
        Ok(Position { board, rules, mana, blocks, block_mana })
    }

    /// This position with the conditions of its requirements settled as they are in `a`
    /// ([`Rules::settled`]); a clone when there are none. The mana is unchanged: conditions
    /// decide only which requirements count.
    pub fn settled_by(&self, a: &Assignment) -> Position {
        self.settled(&self.rules.in_force(a))
    }

    /// This position with the requirements of `in_force` counting unconditionally and no other.
    pub fn settled(&self, in_force: &[bool]) -> Position {
        Position {
            board: self.board.clone(),
            rules: self.rules.settled(in_force),
            mana: self.mana.clone(),
            blocks: self.blocks.clone(),
            block_mana: self.block_mana.clone(),
        }
    }

    /// An assignment written as a declaration (attacks in creature order, no payment).
    pub fn declaration(&self, a: &Assignment) -> Declaration {
        let attacks = a
            .iter()
            .enumerate()
            .filter_map(|(c, t)| t.map(|t| Attack { creature: self.rules.creatures[c].id.clone(), target: self.rules.targets[t].id.clone() }))
            .collect();
        Declaration { attacks, payment: None }
    }

    /// The paid bar's lower bound by moves of `base` ([`crate::rules::MoveBar`]), with this
    /// board's mana: which creatures tap a source by attacking, and what each player can pay
    /// cost symbols with (the units of their sources and pool, and half their life group's
    /// total for Phyrexian symbols where a cost has them, CR 107.4f).
    pub fn move_bar(&self, base: &Assignment) -> Option<crate::rules::MoveBar> {
        let mana = &self.mana;
        let tied: Vec<bool> = (0..self.rules.creatures.len()).map(|c| mana.sources.iter().any(|s| s.tapped_if_attacks == Some(c))).collect();
        let phyrexian = self.rules.costs.iter().flat_map(|k| &k.cost).any(|s| matches!(s, crate::vocab::symbol::Symbol::Phyrexian(_)));
        let purses: Vec<crate::rules::Purse> = (0..mana.life.len())
            .map(|p| {
                let life = if phyrexian { mana.life_symbols(p).unwrap_or(0) } else { 0 };
                crate::rules::Purse { units: mana.units(p, |_| true) as u64, life: life.max(0) as u64 }
            })
            .collect();
        self.rules.move_bar(base, &tied, &purses)
    }

    /// Whether the cost instances `a` incurs can be paid (CR 508.1g-j; nothing owed is paid).
    pub fn can_pay(&self, a: &Assignment) -> Result<bool, PayError> {
        let incurred = self.rules.incurred(a);
        Ok(incurred.is_empty() || self.mana.pay(&self.board, &self.rules, a, &incurred)?.is_some())
    }
}
