import { useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router-dom';
import {
  centsToDollars,
  currentDoseChoices,
  drugLabels,
  firstMonthPrices,
  planBmiDisqualification,
  disqualificationMessage,
  ruleHolds,
  stateCodeOf,
  type Drug,
} from '@clinic/contracts';
import { stateRulesQuery } from '../api/stateRulesQuery';
import { offersQuery } from '../catalog/useOffers';
import { productsQuery, useProducts } from '../catalog/useProducts';
import { usePageTitle } from '../components/usePageTitle';
import { readIntakeSummary } from '../intake';
import { readActiveOffers } from '../tracking/activeOffers';
import { tagDisqualified } from './disqualify';
import { MedicationCard } from './MedicationCard';
import { PlanQuestion } from './PlanQuestion';
import { PlanSaveError, planSaveFailedMessage, savePlan } from './savePlan';
import '../styles/funnel.css';
import './plan.css';

type Question = 'taking' | 'drug' | 'dose' | 'choose';

/** Tirzepatide first, as the spec lists the cards. */
const cardOrder: readonly Drug[] = ['tirzepatide', 'semaglutide'];
/** The drug question lists tirzepatide, then semaglutide (spec 000 section 2). */
const drugOrder: readonly Drug[] = ['tirzepatide', 'semaglutide'];

export const doseNote =
  'To continue on a higher dose, we need a photo of your current medication or a past prescription. Otherwise you start on the starter dose schedule.';

/** Which GLP-1 medication the visitor takes. */
function DrugChoices({ drug, onChoose }: { drug: Drug | null; onChoose(drug: Drug): void }) {
  return (
    <div className="quiz-choices">
      {drugOrder.map((option) => (
        <button
          key={option}
          type="button"
          className="quiz-choice"
          aria-pressed={drug === option}
          onClick={() => onChoose(option)}
        >
          {drugLabels[option]}
        </button>
      ))}
    </div>
  );
}

/** The current dose of that medication. */
function DoseChoices({
  drug,
  dose,
  busy,
  onChoose,
}: {
  drug: Drug;
  dose: string;
  busy: boolean;
  onChoose(dose: string): void;
}) {
  return (
    <>
      <p className="plan__note">{doseNote}</p>
      <div
        className="quiz-choices plan__doses"
        role="group"
        aria-label={`${drugLabels[drug]} dose`}
      >
        {currentDoseChoices[drug].map((option) => (
          <button
            key={option}
            type="button"
            className="quiz-choice"
            aria-pressed={dose === option}
            disabled={busy}
            onClick={() => onChoose(option)}
          >
            {option}
          </button>
        ))}
      </div>
    </>
  );
}

/** Yes or No: currently taking weight-loss medication? */
function TakingChoices({
  taking,
  busy,
  onAnswer,
}: {
  taking: boolean | null;
  busy: boolean;
  onAnswer(yes: boolean): void;
}) {
  return (
    <div className="quiz-choices">
      {(
        [
          ['Yes', true],
          ['No', false],
        ] as const
      ).map(([label, value]) => (
        <button
          key={label}
          type="button"
          className="quiz-choice"
          aria-pressed={taking === value}
          disabled={busy}
          onClick={() => onAnswer(value)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * /weight-loss-plan (spec 000 sections 2 and 4, "Plan flow"): currently taking GLP-1 medication?
 * Yes: which drug, which dose. Then the BMI check (20 for current users, 25 for new ones), then
 * the choice of medication, which saves the cart and opens checkout.
 */
export function PlanPage() {
  usePageTitle('Choose Your Plan');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const products = useProducts();
  const [summary] = useState(readIntakeSummary);
  const [question, setQuestion] = useState<Question>('taking');
  const [taking, setTaking] = useState<boolean | null>(null);
  const [drug, setDrug] = useState<Drug | null>(null);
  const [dose, setDose] = useState('');
  const [busy, setBusy] = useState(false);
  // The state lands after the event; the ref stops a second tap in the same tick (one cart).
  const busyRef = useRef(false);

  if (!summary) return <Navigate to="/" replace />;
  const bmi = summary.bmi;
  const homeState = stateCodeOf(summary.state);

  /** The BMI check before the medication choice; a disqualified visitor goes to /sorry. */
  async function checkBmi(currentlyTaking: boolean) {
    const reason = planBmiDisqualification(bmi, currentlyTaking);
    if (!reason) {
      setQuestion('choose');
      return;
    }
    setBusy(true);
    await tagDisqualified(reason, currentlyTaking ? 'Yes' : 'No');
    navigate(`/sorry?message=${encodeURIComponent(disqualificationMessage(reason))}`);
  }

  function answerTaking(yes: boolean) {
    setTaking(yes);
    if (yes) {
      setQuestion('drug');
    } else {
      setDrug(null);
      setDose('');
      void checkBmi(false);
    }
  }

  function answerDose(value: string) {
    setDose(value);
    void checkBmi(true);
  }

  async function choose(chosen: Drug) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      // An admin may have stopped serving the visitor's state since the quiz: /sorry, as the quiz
      // would say it, before a cart is saved. Rules that cannot be read leave it to checkout.
      const rules = await queryClient
        .fetchQuery({ ...stateRulesQuery, staleTime: 60_000 })
        .catch(() => null);
      if (rules && ruleHolds(rules, 'blockedStates', homeState)) {
        await tagDisqualified('state_not_available', taking ? 'Yes' : 'No');
        navigate(
          `/sorry?message=${encodeURIComponent(disqualificationMessage('state_not_available', homeState))}`,
        );
        return;
      }
      const list = await queryClient.ensureQueryData(productsQuery);
      const plans = await queryClient.ensureQueryData(offersQuery);
      const checkout = await savePlan(
        chosen,
        list,
        readActiveOffers(),
        { currentGLPMed: taking ? 'Yes' : 'No', currentDose: taking ? dose : '' },
        plans,
      );
      navigate(checkout);
    } catch (error) {
      // Spec 000 section 8: plan save failures are shown with alerts.
      window.alert(error instanceof PlanSaveError ? error.message : planSaveFailedMessage);
      busyRef.current = false;
      setBusy(false);
    }
  }

  function firstMonthPrice(card: Drug): number {
    // Every plan of a drug bills the same price table, whichever offer sells it.
    const product = products.data?.find((p) => p.drug === card);
    return product ? product.pricing.first_month_price : centsToDollars(firstMonthPrices[card]);
  }

  /** The current question's heading, way back and answers (one frame, so focus follows). */
  function current(): { title: string; onBack?: () => void; body: ReactNode } {
    if (question === 'drug') {
      return {
        title: 'Which medication are you taking?',
        onBack: () => setQuestion('taking'),
        body: (
          <DrugChoices
            drug={drug}
            onChoose={(option) => {
              setDrug(option);
              setQuestion('dose');
            }}
          />
        ),
      };
    }
    if (question === 'dose' && drug) {
      return {
        title: 'What is your current dose?',
        onBack: () => setQuestion('drug'),
        body: <DoseChoices drug={drug} dose={dose} busy={busy} onChoose={answerDose} />,
      };
    }
    if (question === 'choose') {
      return {
        title: 'Choose your medication',
        onBack: () => setQuestion(taking ? 'dose' : 'taking'),
        body: (
          <>
            <p className="plan__lead">All dosage levels are the same price.</p>
            <div className="plan__cards">
              {cardOrder.map((card) => (
                <MedicationCard
                  key={card}
                  drug={card}
                  firstMonthPrice={firstMonthPrice(card)}
                  busy={busy}
                  onChoose={(chosen) => void choose(chosen)}
                />
              ))}
            </div>
          </>
        ),
      };
    }
    return {
      title: 'Currently taking weight-loss medication?',
      body: <TakingChoices taking={taking} busy={busy} onAnswer={answerTaking} />,
    };
  }

  const { title, onBack, body } = current();
  return (
    <main className="page page--narrow plan" data-page="plan">
      <div className="card plan__card">
        <PlanQuestion id={question} title={title} onBack={onBack}>
          {body}
        </PlanQuestion>
      </div>
    </main>
  );
}
