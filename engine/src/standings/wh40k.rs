//! Warhammer 40K standings.
