/** The clinician's page of one case (the review queue's, the search's and a case's links). */
export const casePath = (orderId: number) => `/console/review-queue/${orderId}`;
