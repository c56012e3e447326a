import {
  cancelSubscription,
  downloadHsaReceipt,
  downloadInvoice,
  processSubsPayment,
  subscriptionItems,
  transactionItems,
  updateCard,
} from './billing';
import { affiliateConversions, retryAffiliateConversion } from './affiliate';
import { saveCart } from './cart';
import {
  addToOrder,
  upsellStatus,
  blockUserPayment,
  bundleSelected,
  callConversion,
  checkoutNew,
  getCart,
  paymentConfig,
  saveAddress,
  trustForm,
} from './checkout';
import { getAllProducts } from './catalog';
import {
  chatAvailability,
  chatUser,
  claimConversation,
  closeConversation,
  replyConversation,
  supportConversation,
  supportInbox,
  supportPatientAccount,
} from './chat';
import { consoleMe } from './console';
import { consoleActivity } from './console-session';
import {
  doctorInbox,
  doctorThread,
  getDocProfile,
  patientAttachmentUpload,
  providerMessages,
  replyDoctorThread,
  sendDocMessage,
  sendProviderMessage,
} from './doctor';
import { fhirMedicationRequest, fhirQuestionnaire, fhirQuestionnaireResponse } from './fhir';
import {
  approveReship,
  deliverShipment,
  getShippedItems,
  pauseShipment,
  pharmacyQueue,
  pharmacyShipment,
  placeShipment,
  refuseReship,
  reshipEvidenceUrl,
  reshipQueue,
  shipShipment,
  submitReshipRequest,
} from './fulfillment';
import { orderItems } from './portal';
import { careThisWeek, doseLog, logDose, reportSideEffect, saveInjectionDay } from './care';
import { checkUpload } from './uploads';
import {
  answerMissedDoses,
  answerSideEffect,
  approveCase,
  assessmentOutcome,
  caseFileReadUrl,
  caseView,
  claimCase,
  denyCase,
  releaseCase,
  requestMore,
  reviewQueue,
} from './clinic';
import { auditTrail, auditTrailCsv } from './audit';
import { forgotPassword, login, logout, passwordReset, updatePassword } from './identity';
import { getProfile, updateProfile } from './profile';
import { confirmEnrolment, secondFactor, startEnrolment } from './staff-sign-in';
import {
  changeStaffRole,
  disableStaff,
  enableStaff,
  inviteStaff,
  staffAccountList,
} from './staff-accounts';
import { campaignVisit } from './campaign-visit';
import { addDisqualify, intakeForm } from './intake';
import { pendingMedicalForms } from './orders';
import {
  formsOrder,
  getSignedUrl,
  identityVideoAsk,
  logUploadAttempt,
  processRefund,
  questionnaire,
  submitBareForm,
  submitMdForm,
  uploadAvVideo,
  prescriptionGetOrder,
  prescriptionPending,
  prescriptionUpdate,
  submitAdjustDosesForm,
  uploadImageAgain,
  uploadReadUrl,
  weightHistory,
} from './forms';
import { sandboxCreateToken, validateCoupon } from './payments';
import {
  changeCoupon,
  changeOffers,
  changePrices,
  consoleCoupons,
  consoleOffers,
  consolePrices,
  couponHistory,
  createCoupon,
  offerHistory,
  priceHistory,
} from './catalog-admin';
import { currentOffers, currentPriceTable } from './catalog-prices';
import { funnelCsv, funnelReport } from './marketing';
import { privacyRequest } from './privacy';
import { closePrivacyRequest, privacyRequestQueue, verifyPrivacyRequest } from './privacy-admin';
import {
  changeStateRules,
  consoleStateRules,
  previewStateRules,
  stateRulesInForce,
} from './state-rules';
import { inboundSms } from './sms';
import { supportOrderSearch, supportPatientOrders } from './support';
import {
  getShipAddress,
  saveShipAddress,
  sendCode,
  skipVerification,
  updateEmail,
  updatePhone,
  validateAddress,
  validateStoredAddress,
  verificationStatus,
  verifyCode,
} from './verification';
import type { ApiRoute } from './route';

export * from './route';
export * from './fields';
export * from './care';
export * from './address';
export * from './openapi';
export * from './catalog';
export * from './cart';
export * from './identity';
export * from './login-code';
export * from './staff-sign-in';
export * from './staff-accounts';
export * from './profile';
export * from './intake';
export * from './campaign-visit';
export * from './payments';
export * from './checkout';
export * from './billing';
export * from './verification';
export * from './orders';
export * from './console';
export * from './console-session';
export * from './privacy';
export * from './privacy-admin';
export * from './state-rules';
export * from './catalog-admin';
export * from './catalog-prices';
export * from './sms';
export * from './forms';
export * from './uploads';
export * from './clinic';
export * from './audit';
export * from './fhir';
export * from './fulfillment';
export * from './portal';
export * from './chat';
export * from './doctor';
export * from './support';
export * from './marketing';
export * from './affiliate';

/** Every published API call; the OpenAPI document and the gateway's coverage test read this list. */
export const apiRoutes: readonly ApiRoute[] = [
  getAllProducts,
  saveCart,
  intakeForm,
  campaignVisit,
  addDisqualify,
  login,
  secondFactor,
  startEnrolment,
  confirmEnrolment,
  logout,
  forgotPassword,
  passwordReset,
  updatePassword,
  getProfile,
  updateProfile,
  privacyRequest,
  privacyRequestQueue,
  verifyPrivacyRequest,
  closePrivacyRequest,
  stateRulesInForce,
  consoleStateRules,
  previewStateRules,
  changeStateRules,
  staffAccountList,
  inviteStaff,
  changeStaffRole,
  disableStaff,
  enableStaff,
  inboundSms,
  funnelReport,
  funnelCsv,
  sandboxCreateToken,
  validateCoupon,
  consoleCoupons,
  createCoupon,
  changeCoupon,
  couponHistory,
  consolePrices,
  changePrices,
  priceHistory,
  consoleOffers,
  changeOffers,
  offerHistory,
  currentOffers,
  currentPriceTable,
  getCart,
  checkoutNew,
  blockUserPayment,
  saveAddress,
  trustForm,
  bundleSelected,
  addToOrder,
  upsellStatus,
  callConversion,
  paymentConfig,
  subscriptionItems,
  transactionItems,
  processSubsPayment,
  updateCard,
  cancelSubscription,
  downloadInvoice,
  downloadHsaReceipt,
  pendingMedicalForms,
  validateStoredAddress,
  validateAddress,
  saveShipAddress,
  getShipAddress,
  sendCode,
  verifyCode,
  skipVerification,
  verificationStatus,
  updatePhone,
  updateEmail,
  consoleMe,
  consoleActivity,
  formsOrder,
  questionnaire,
  submitMdForm,
  submitBareForm,
  processRefund,
  getSignedUrl,
  patientAttachmentUpload,
  logUploadAttempt,
  uploadAvVideo,
  identityVideoAsk,
  prescriptionPending,
  prescriptionUpdate,
  prescriptionGetOrder,
  submitAdjustDosesForm,
  uploadImageAgain,
  uploadReadUrl,
  checkUpload,
  weightHistory,
  careThisWeek,
  saveInjectionDay,
  logDose,
  doseLog,
  reportSideEffect,
  reviewQueue,
  claimCase,
  releaseCase,
  caseView,
  caseFileReadUrl,
  approveCase,
  answerSideEffect,
  answerMissedDoses,
  denyCase,
  requestMore,
  auditTrail,
  auditTrailCsv,
  assessmentOutcome,
  fhirQuestionnaire,
  fhirQuestionnaireResponse,
  fhirMedicationRequest,
  pharmacyQueue,
  pharmacyShipment,
  placeShipment,
  pauseShipment,
  shipShipment,
  deliverShipment,
  reshipQueue,
  reshipEvidenceUrl,
  approveReship,
  refuseReship,
  getShippedItems,
  submitReshipRequest,
  orderItems,
  chatUser,
  chatAvailability,
  supportInbox,
  supportConversation,
  claimConversation,
  replyConversation,
  closeConversation,
  supportPatientOrders,
  supportOrderSearch,
  supportPatientAccount,
  providerMessages,
  sendProviderMessage,
  sendDocMessage,
  getDocProfile,
  doctorInbox,
  doctorThread,
  replyDoctorThread,
  affiliateConversions,
  retryAffiliateConversion,
];
