//! The games, each as data (deck, layout, rank orders, config keys) plus the hooks of
//! [`crate::Game`].

pub mod brabant;
pub mod rikken;
pub mod tachentige;
pub mod tachtigen;
pub mod tarneeb;
pub mod tysiacha;
