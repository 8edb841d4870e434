//! A game's item in the scheduler: its candidate query ports, each a query of its own
//! on the shared sockets, the first answer winning (as `call::ports` does for one call).

use super::*;
use crate::call::ports::none_answered;
use crate::protocol::Protocol;
use crate::status::GameMatch;

/// One candidate port of a game's item.
#[derive(Clone, Copy)]
pub(super) struct Member {
    pub(super) game: &'static Game,
    /// The target's port and the `queryPort` given ([`Game::connect_port`]).
    pub(super) given: Option<u16>,
    pub(super) asked: Option<u16>,
    /// Its place among the item's candidates.
    pub(super) k: usize,
}

/// A game's item whose candidate ports run as queries of their own: the first status
/// wins, the others stop; when none answers, what each did.
pub(super) struct Group {
    pub(super) who: crate::error::Caller,
    pub(super) target: String,
    pub(super) ports: Vec<u16>,
    pub(super) errors: Vec<Option<Error>>,
    /// The candidates' jobs, once on a socket.
    pub(super) slots: Vec<Option<usize>>,
    pub(super) left: usize,
}

impl Member {
    /// `Status.game`, once the candidate on `answered` answered.
    pub(super) fn matched(&self, answered: u16) -> GameMatch {
        GameMatch {
            id: self.game.id,
            name: self.game.name,
            game_port: self.game.connect_port(self.given, self.asked, answered),
            query_port: answered,
        }
    }
}

impl<S: Sockets> Scheduler<S> {
    /// A game's candidate on `port` failed with `e`: the item fails once every candidate
    /// has, with what each did (and the fixed query port not asked, if any).
    pub(super) fn candidate_failed(&mut self, index: u32, member: Member, port: u16, e: Error) {
        let Some(group) = self.groups.get_mut(&index) else {
            // A game's one candidate.
            let hint = crate::call::game::unasked_query_port(member.game, member.given, &[port]);
            return self.fail(index, crate::call::with_hint(e, hint.as_deref()));
        };
        group.errors[member.k] = Some(e);
        group.slots[member.k] = None;
        group.left -= 1;
        if group.left == 0 {
            let group = self.groups.remove(&index).expect("found above");
            let errors = group
                .errors
                .into_iter()
                .map(|e| e.unwrap_or_else(Error::aborted))
                .collect();
            let e = none_answered(group.who, member.game.name, &group.target, &group.ports, errors);
            let hint = crate::call::game::unasked_query_port(member.game, member.given, &group.ports);
            self.fail(index, crate::call::with_hint(e, hint.as_deref()));
        }
    }

    /// A game's item: each candidate query port a query of its own on the shared sockets
    /// (as `query` runs them at once); a game of a TCP protocol, the `minecraft` race, or
    /// options that bind a local address run as a call of their own.
    pub(super) fn start_game(&mut self, index: u32, item: Item, game: &'static Game, protocol: Protocol) {
        let text = target_text(&item.target);
        let who = protocol.caller();
        let udp = matches!(protocol.query(), Ok(crate::spec::Query::Plan(_)))
            && protocol.spec().transport == crate::spec::Transport::Udp;
        // A console beside the query (7 Days to Die's telnet), when asked (or asked wrong: the
        // call says how), is a connection of its own.
        let console = game
            .console
            .is_some_and(|c| !matches!((c.take)(&mut item.options.clone()), Ok(None)));
        if !udp || console {
            return self.run_alone(index, item);
        }
        let t = match crate::options::parse_target(&item.target) {
            Ok(t) => t,
            Err(e) => return self.fail(index, e),
        };
        let (options, query_port) = match crate::call::game::take_query_port(game.with_options(item.options.clone())) {
            Ok(split) => split,
            Err(e) => return self.fail(index, e),
        };
        let ports = match game.candidates(t.port, query_port) {
            Ok(ports) => ports,
            Err(e) => return self.fail(index, e),
        };
        let mut starts = Vec::with_capacity(ports.len());
        for (k, port) in ports.iter().enumerate() {
            let at = Target {
                host: t.host.clone(),
                port: Some(*port),
            };
            match Plan::parse_at(protocol, at, options.clone()) {
                Some(Ok((plan, _, _))) if plan.binds() => return self.run_alone(index, item),
                Some(Ok((plan, _, _))) => starts.push(Start {
                    index,
                    plan,
                    origin: self.now,
                    target: Target::display(&t.host, *port),
                    host: t.host.clone(),
                    port: *port,
                    game: Some(Member {
                        game,
                        given: t.port,
                        asked: query_port,
                        k,
                    }),
                }),
                Some(Err(e)) => return self.fail(index, e),
                None => return self.run_alone(index, item),
            }
        }
        if self.busy(&t.host, &ports) {
            return self.run_alone(index, item);
        }
        if ports.len() > 1 {
            let group = Group {
                who,
                target: text,
                errors: ports.iter().map(|_| None).collect(),
                slots: ports.iter().map(|_| None).collect(),
                left: ports.len(),
                ports: ports.clone(),
            };
            self.groups.insert(index, group);
        }
        self.place(starts, t.host);
    }

    /// A game's item answered: its other candidates' queries stop.
    pub(super) fn stop_candidates(&mut self, index: u32) {
        let Some(group) = self.groups.remove(&index) else {
            return;
        };
        for slot in group.slots.into_iter().flatten() {
            if self.jobs[slot].as_ref().is_some_and(|j| j.start.index == index) {
                let job = self.release(slot);
                self.unblock(job.addr);
            }
        }
    }
}
