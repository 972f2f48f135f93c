//! Dice revealed after the roll (DESIGN §9): a replica without the seed, fed the draws each
//! command made on the host, plays the same game, and its public hash matches the host's
//! after every command; fed too few draws, it stops matching.

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use redline_rules::{Game, Setup};

/// Random legal commands on the host, mirrored on a replica with the revealed draws.
fn mirror(setup: Setup, seed: u64, steps: usize) -> usize {
    let mut host = Game::new(setup.clone(), seed).expect("setup");
    let mut replica = Game::replica(setup, host.last_draws()).expect("setup");
    assert_eq!(replica.public_hash(), host.public_hash());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut draws = 0;
    for _ in 0..steps {
        let Some(cmd) = host.random_legal_command(&mut rng) else {
            break;
        };
        let host_events = host.apply(cmd.clone()).expect("legal");
        draws += host.last_draws().len();
        replica.reveal_draws(host.last_draws());
        let replica_events = replica.apply(cmd).expect("legal on the replica too");
        assert_eq!(replica_events, host_events);
        assert_eq!(replica.public_hash(), host.public_hash());
        assert_eq!(replica.decision(), host.decision());
    }
    draws
}

#[test]
fn a_replica_fed_the_revealed_draws_follows_the_host_through_random_play() {
    let mut draws = 0;
    for seed in 0..8 {
        draws += mirror(duel(), seed, 300);
    }
    assert!(draws > 0, "random duels roll dice");
}

#[test]
fn a_replica_without_the_revealed_draws_drifts_from_the_host() {
    let mut drifted = 0;
    for seed in 0..8 {
        let mut host = Game::new(duel(), seed).expect("setup");
        let mut replica = Game::replica(duel(), host.last_draws()).expect("setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(cmd) = host.random_legal_command(&mut rng) {
            host.apply(cmd.clone()).expect("legal");
            if !host.last_draws().is_empty() {
                // Nothing revealed: the replica rolls its own (seed 0) dice.
                let _ = replica.apply(cmd);
                if replica.public_hash() != host.public_hash() {
                    drifted += 1;
                }
                break;
            }
            replica.apply(cmd).expect("legal");
        }
    }
    assert!(
        drifted > 0,
        "unrevealed rolls differ from the host's for some seed"
    );
}

#[test]
fn the_public_hash_leaves_out_only_the_dice() {
    let a = Game::new(duel(), 1).expect("setup");
    let b = Game::new(duel(), 2).expect("setup");
    // Seat 0 takes Control without a roll-off, so the two games differ only in their dice.
    assert!(a.last_draws().is_empty() && b.last_draws().is_empty());
    assert_eq!(a.public_hash(), b.public_hash());
    assert_ne!(a.state_hash(), b.state_hash());
}
