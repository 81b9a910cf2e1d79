//! A prize list as people read it, from the API and the CSV exports: its
//! entries, its payouts, and what each says a player is paid.

use arbiter_tests::s;
use serde_json::Value;
use std::collections::BTreeMap;

/// The entries of a run's or a publication's prize list: (its prize ids,
/// its kind or `unfilled:reason`, who is paid what as `name amount`, who
/// takes its trophies and medals).
pub fn entries(v: &Value) -> Vec<(String, String, String, String)> {
    v["entries"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| {
            let prizes = e["prizes"].as_array().into_iter().flatten();
            let ids: Vec<&str> = prizes.clone().map(|p| s(p, "prize_id")).collect();
            let items: Vec<&str> = prizes.filter_map(|p| p["items_to"]["name"].as_str()).collect();
            let kind = match e["reason"].as_str() {
                Some(r) => format!("{}:{r}", s(e, "kind")),
                None => s(e, "kind").to_string(),
            };
            let paid: Vec<String> = e["recipients"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| format!("{} {}", s(r, "name"), s(r, "paid")))
                .collect();
            (ids.join(" "), kind, paid.join(", "), items.join(", "))
        })
        .collect()
}

pub fn entry(prizes: &str, kind: &str, paid: &str, items: &str) -> (String, String, String, String) {
    (prizes.to_string(), kind.to_string(), paid.to_string(), items.to_string())
}

pub fn payouts(v: &Value) -> Vec<(String, String)> {
    v["payouts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| (s(p, "name").to_string(), s(p, "amount").to_string()))
        .collect()
}

/// What a prize list (JSON) pays each player, in cents, summed over its
/// entries; and what its payouts say. The two must be equal.
pub fn list_and_payouts(v: &Value) -> (BTreeMap<String, u64>, BTreeMap<String, u64>) {
    let mut listed: BTreeMap<String, u64> = BTreeMap::new();
    for r in
        v["entries"].as_array().into_iter().flatten().flat_map(|e| e["recipients"].as_array().into_iter().flatten())
    {
        *listed.entry(s(r, "player_id").to_string()).or_default() += r["paid_cents"].as_u64().unwrap_or(0);
    }
    listed.retain(|_, c| *c > 0);
    let paid = v["payouts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| (s(p, "player_id").to_string(), p["amount_cents"].as_u64().unwrap_or(0)))
        .collect();
    (listed, paid)
}

/// The same for the two CSV exports: the `paid` column of the prize list
/// summed per player, and the payouts table's `amount`.
pub fn csv_list_and_payouts(prizes: &str, payouts: &str) -> (BTreeMap<String, String>, BTreeMap<String, String>) {
    let cents = |x: &str| -> u64 {
        let (units, frac) = x.split_once('.').unwrap_or((x, "0"));
        units.parse::<u64>().unwrap_or(0) * 100 + frac.parse::<u64>().unwrap_or(0)
    };
    let money = |c: u64| format!("{}.{:02}", c / 100, c % 100);
    let mut lines = prizes.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap_or(usize::MAX);
    let (who, paid) = (col("player_id"), col("paid"));
    let mut listed: BTreeMap<String, u64> = BTreeMap::new();
    for row in lines {
        let cells: Vec<&str> = row.split(',').collect();
        if let (Some(p), Some(a)) = (cells.get(who), cells.get(paid)) {
            if !p.is_empty() {
                *listed.entry((*p).to_string()).or_default() += cents(a);
            }
        }
    }
    let listed = listed.into_iter().filter(|(_, c)| *c > 0).map(|(p, c)| (p, money(c))).collect();
    let paid = payouts
        .lines()
        .skip(1)
        .filter_map(|row| {
            let cells: Vec<&str> = row.split(',').collect();
            Some((cells.get(1)?.to_string(), cells.get(4)?.to_string()))
        })
        .collect();
    (listed, paid)
}
