-- Issue 26: a clinician's note to a patient (asking for more before deciding) is a message of
-- the patient's Doctor on Demand thread, posted from the clinic's clinician-note-written. The
-- clinic's id of the note makes it one message however often the event is delivered.
alter table chat.doctor_messages add column clinic_note_id integer unique;
