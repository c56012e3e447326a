/**
 * Identity's internal routes, for other services in cluster mode (HttpIdentityDirectory): the
 * gateway resolving a bearer token, intake provisioning a patient, checkout's cart link,
 * verification's contact changes, the clinic naming a member of staff, the chat finding the
 * account of an email and showing the patient their clinician's profile. Never published: the gateway
 * does not route /internal, and each call must carry the cluster's internal token (403 without).
 * Bodies are validated with the internal contract schemas (400 naming the fields).
 */
import type { Router } from 'express';
import {
  changePatientContactRequestSchema,
  clinicianProfileRequestSchema,
  internalPaths,
  openCartSessionRequestSchema,
  patientContactRequestSchema,
  provisionPatientRequestSchema,
  resolveSessionRequestSchema,
  staffMemberRequestSchema,
  userIdByEmailRequestSchema,
  type ProvisionPatientResponse,
} from '@clinic/contracts';
import { internalOnly, type ServiceRuntime } from '@clinic/kit';
import type { IdentityDeps } from '../deps';
import { changePatientContact } from '../domain/change-contact';
import { clinicianProfile } from '../domain/clinician-profiles';
import { openCartSession, patientContact, userIdByEmail } from '../domain/patient-session';
import { provisionPatient } from '../domain/provision-patient';
import { resolveSession } from '../domain/sessions';
import { staffMember } from '../domain/staff-members';
import { parseOrRefuse } from '../domain/validation';

export function internalRoutes(router: Router, runtime: ServiceRuntime, deps: IdentityDeps): void {
  const guard = internalOnly(runtime.engines.principals);

  router.post(internalPaths.resolveSession, guard, async (req, res) => {
    const { token, activity } = parseOrRefuse(resolveSessionRequestSchema, req.body);
    res.json({
      principal: await resolveSession(runtime.db, token, runtime.clock.now(), activity),
    });
  });

  router.post(internalPaths.provisionPatient, guard, async (req, res) => {
    const request = parseOrRefuse(provisionPatientRequestSchema, req.body);
    const answer: ProvisionPatientResponse = await provisionPatient(runtime, deps, request);
    res.status(answer.created ? 201 : 200).json(answer);
  });

  router.post(internalPaths.openCartSession, guard, async (req, res) => {
    const request = parseOrRefuse(openCartSessionRequestSchema, req.body);
    res.json(await openCartSession(runtime, request));
  });

  router.post(internalPaths.patientContact, guard, async (req, res) => {
    const { userId } = parseOrRefuse(patientContactRequestSchema, req.body);
    res.json({ contact: await patientContact(runtime, userId) });
  });

  router.post(internalPaths.changePatientContact, guard, async (req, res) => {
    const request = parseOrRefuse(changePatientContactRequestSchema, req.body);
    res.json(await changePatientContact(runtime, request));
  });

  router.post(internalPaths.staffMember, guard, async (req, res) => {
    const { userId } = parseOrRefuse(staffMemberRequestSchema, req.body);
    res.json({ staff: await staffMember(runtime.db, userId) });
  });

  router.post(internalPaths.userIdByEmail, guard, async (req, res) => {
    const { email } = parseOrRefuse(userIdByEmailRequestSchema, req.body);
    res.json({ userId: await userIdByEmail(runtime, email) });
  });

  router.post(internalPaths.clinicianProfile, guard, async (req, res) => {
    const { userId } = parseOrRefuse(clinicianProfileRequestSchema, req.body);
    res.json({ profile: await clinicianProfile(runtime.db, userId) });
  });
}
