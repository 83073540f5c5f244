/**
 * The ledger model's script: the steps fast-check generates (shopper clicks, bank events and
 * answers, callbacks, job runs, admin actions, time), how each step is played on the world, and
 * the settling at the end of a run. The picks (`pick`) are indexes taken modulo what exists, so
 * every generated step means something in any world and shrinking keeps the script valid.
 */
import fc from "fast-check"
import {
  adminAct,
  adminWorksThroughList,
  captureOrder,
  deliverCallback,
  landSlowRead,
  runJobs,
  type AdminAct,
} from "./ledger-backoffice"
import { changeCart, completeCart, landAllAnswers, landAnswer, openSession } from "./ledger-checkout"
import {
  CREATE_OUTCOMES,
  EXECUTION_OUTCOMES,
  OPERATION_OUTCOMES,
  type CompletionFault,
  type CreateOutcome,
  type ExecutionOutcome,
  type OperationOutcome,
} from "./ledger-faults"
import { checkJobsSettled } from "./ledger-invariants"
import { playDying, playTwoInstances } from "./ledger-instances"
import { adminContradicted, adminsRace, releaseRacesOrder } from "./ledger-races"
import { MINUTE, ProcessDied, bankSet, moneyStatus, type BankPayment, type Method, type World } from "./ledger-world"

type BaseStep =
  | { t: "open"; cart: number; method: Method; create: CreateOutcome }
  | {
      t: "place"
      cart: number
      twice: boolean
      exec: ExecutionOutcome
      /** the execution's answer reaches us only at a later "answer" step */
      late?: boolean
      fault: CompletionFault
      op: OperationOutcome
    }
  | { t: "answer"; pick: number }
  | { t: "change"; cart: number }
  | { t: "soldOut"; cart: number }
  | { t: "pay"; pick: number; result: "paid" | "Processing" | "Failed" }
  | { t: "decide"; pick: number; result: "paid" | "Failed" }
  | { t: "expire"; pick: number }
  | {
      t: "callback"
      pick: number
      mode: "deliver" | "duplicate" | "lose"
      fault: CompletionFault
      op: OperationOutcome
    }
  | { t: "job"; advance: number; bankDown: boolean; slow: boolean; fault: CompletionFault; op: OperationOutcome }
  | { t: "land"; pick: number }
  | { t: "admin"; pick: number; act: AdminAct; op: OperationOutcome }
  | { t: "capture"; pick: number; op: OperationOutcome; part: boolean }
  | { t: "wait"; advance: number }
  | {
      t: "contradict"
      pick: number
      fault: CompletionFault
      op: OperationOutcome
      /** the shopper places the order again between the admin's "not charged" and the callback */
      payAgain: boolean
      /** that completion fails after authorizing: Medusa's compensation gives the second charge back */
      payAgainFails: boolean
    }
  | { t: "adminsRace"; pick: number; attachFirst: boolean }
  | {
      t: "releaseRace"
      cart: number
      releaseFirst: boolean
      dies: boolean
      fault: CompletionFault
      op: OperationOutcome
    }

/** A step of the script: one of the above, or two instances' steps interleaved, or a process dying (ledger-instances.ts). */
export type Step =
  | BaseStep
  | { t: "twoInstances"; outer: BaseStep; inner: BaseStep; at: number }
  | { t: "dies"; step: BaseStep; at: number }

const cart = fc.nat(1)
const pick = fc.nat(7)
const advance = fc.constantFrom(0, 1, 3, 10, 31, 61, 120).map((m) => m * MINUTE)
const op = fc.constantFrom(...OPERATION_OUTCOMES)
const fault: fc.Arbitrary<CompletionFault> = fc.record({
  at: fc.constantFrom("none", "none", "none", "before", "after"),
  error: fc.nat(20),
})

const baseStepArb: fc.Arbitrary<BaseStep> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("open" as const),
      cart,
      method: fc.constantFrom<Method>("web", "saved"),
      create: fc.constantFrom("ok", "ok", "ok", ...CREATE_OUTCOMES),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("place" as const),
      cart,
      twice: fc.boolean(),
      exec: fc.constantFrom(...EXECUTION_OUTCOMES),
      late: fc.boolean(),
      fault,
      op,
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("answer" as const), pick }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("change" as const), cart }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("soldOut" as const), cart }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("pay" as const),
      pick,
      result: fc.constantFrom("paid" as const, "paid" as const, "Processing" as const, "Failed" as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("decide" as const),
      pick,
      result: fc.constantFrom("paid" as const, "Failed" as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("expire" as const), pick }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("callback" as const),
      pick,
      mode: fc.constantFrom("deliver" as const, "duplicate" as const, "lose" as const),
      fault,
      op,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("job" as const),
      advance,
      bankDown: fc.constantFrom(false, false, false, true),
      slow: fc.boolean(),
      fault,
      op,
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("land" as const), pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("admin" as const),
      pick,
      act: fc.constantFrom<AdminAct>("recheck", "resolve", "release"),
      op,
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("capture" as const), pick, op, part: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("wait" as const), advance }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("contradict" as const),
      pick,
      fault,
      op,
      payAgain: fc.boolean(),
      payAgainFails: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("adminsRace" as const), pick, attachFirst: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("releaseRace" as const),
      cart,
      releaseFirst: fc.boolean(),
      dies: fc.constantFrom(false, false, true),
      fault,
      op,
    }),
  }
)

/**
 * The steps played as one instance's beside another's, or as a dying process's: not a mistaken
 * admin's (ledger-races.ts), whose premise is that the bank's word or the other admin's comes
 * right after (docs/money-ledger.md "Not modelled").
 */
const concurrentStepArb = baseStepArb.filter((s) => s.t !== "contradict" && s.t !== "adminsRace")

export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 40, arbitrary: baseStepArb },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant("twoInstances" as const),
      outer: concurrentStepArb,
      inner: concurrentStepArb,
      at: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("dies" as const),
      step: concurrentStepArb,
      at: fc.integer({ min: 1, max: 3 }),
    }),
  }
)

const nth = <T>(items: T[], index: number): T | undefined => (items.length ? items[index % items.length] : undefined)

/** The bank moves the pick-th of the payments that match ("paid": held or taken, as the run's preauth says). */
function bankMovesOne(w: World, which: (p: BankPayment) => boolean, pick: number, status: string): void {
  const payment = nth([...w.bank.values()].filter(which), pick)
  if (payment) bankSet(w, payment, status === "paid" ? moneyStatus(w) : status)
}

/** Plays one step on the world. */
export function play(w: World, s: Step): void {
  if (s.t === "twoInstances") {
    w.log.push(`two instances: A ${JSON.stringify(s.outer)}, B at A's write ${s.at}`)
    return playTwoInstances(w, s.outer, s.inner, s.at, playBase)
  }
  if (s.t === "dies") {
    w.log.push(`the process dies at its write ${s.at}:`)
    return playDying(w, s.step, s.at, playBase)
  }
  playBase(w, s)
}

function playBase(w: World, s: BaseStep): void {
  w.log.push(`${JSON.stringify(s)}`)
  switch (s.t) {
    case "open":
      openSession(w, w.carts[s.cart], s.method, s.create)
      return
    case "place":
      for (let i = 0; i < (s.twice ? 2 : 1); i++) {
        completeCart(w, w.carts[s.cart], s.fault, s.exec, s.op, s.late)
      }
      return
    case "answer":
      if (w.inFlight.length) landAnswer(w, s.pick)
      return
    case "change":
      changeCart(w, w.carts[s.cart])
      return
    case "soldOut":
      w.carts[s.cart].soldOut = true
      return
    case "pay":
      // any page the shopper has a link to, also an old tab whose session is gone
      return bankMovesOne(w, (p) => p.payable && p.status === "Created", s.pick, s.result)
    case "decide":
      return bankMovesOne(w, (p) => p.status === "Processing", s.pick, s.result)
    case "expire":
      return bankMovesOne(w, (p) => p.status === "Created", s.pick, "Expired")
    case "callback": {
      if (w.callbacks.length === 0) return
      const index = s.pick % w.callbacks.length
      const payId = w.callbacks[index]
      if (s.mode !== "duplicate") w.callbacks.splice(index, 1)
      if (s.mode === "lose") return
      try {
        deliverCallback(w, payId, s.fault, s.op)
      } catch (error) {
        // the handler's process died before answering 200: the bank will send it again
        if (error instanceof ProcessDied) w.callbacks.push(payId)
        throw error
      }
      return
    }
    case "job":
      if (s.advance > 0) landAllAnswers(w)
      w.now += s.advance
      runJobs(w, { bankDown: s.bankDown, slow: s.slow, completion: s.fault, operation: s.op })
      return
    case "land":
      if (w.slowReads.length) landSlowRead(w, s.pick)
      return
    case "admin":
      adminAct(w, s.pick, s.act, s.op)
      return
    case "capture": {
      const order = nth([...w.orders.keys()], s.pick)
      if (order) captureOrder(w, order, s.op, s.part)
      return
    }
    case "wait":
      if (s.advance > 0) landAllAnswers(w)
      w.now += s.advance
      return
    case "contradict":
      return adminContradicted(w, s.pick, s.fault, s.op, s.payAgain, s.payAgainFails)
    case "adminsRace":
      return adminsRace(w, s.pick, s.attachFirst)
    case "releaseRace":
      return releaseRacesOrder(w, s.cart, s.releaseFirst, s.dies, s.fault, s.op)
  }
}

const CALM = { bankDown: false, slow: false, completion: { at: "none", error: 0 }, operation: "ok" } as const

/**
 * The end of a run: every page the shopper left lapses, the bank decides what it was deciding
 * (as money: the harder case), callbacks still on their way are lost, and jobs and a truthful
 * admin work through everything, an hour apart, until nothing changes.
 */
export function settle(w: World): void {
  w.log.push("--- settling ---")
  landAllAnswers(w)
  w.callbacks = []
  w.slowReads = []
  for (const p of w.bank.values()) {
    if (p.status === "Created") bankSet(w, p, "Expired")
    else if (p.status === "Processing") bankSet(w, p, moneyStatus(w))
  }
  // the jobs alone first: whatever has a payId they must finish without a person
  for (let round = 0; round < 3; round++) {
    w.now += 61 * MINUTE
    runJobs(w, CALM)
  }
  checkJobsSettled(w)
  for (let round = 0; round < 6; round++) {
    w.now += 61 * MINUTE
    runJobs(w, CALM)
    adminWorksThroughList(w)
  }
  w.callbacks = []
}
